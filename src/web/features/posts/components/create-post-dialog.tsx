import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CreatePostInput, type CreatePostData } from '@shared/schemas/posts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCreatePost } from '@/features/posts/api/create-post';
import { DiscardChangesDialog } from '@/features/posts/components/discard-changes-dialog';
import {
  AdditionalContextField,
  CategoryField,
  FormatField,
  KeywordsField,
  OfferingAndLookingFor,
  TimingFieldset,
  TitleField,
} from '@/features/posts/components/post-form-parts';
import { toastWriteLimit } from '@/features/posts/lib/limit-toast';
import { showServerFieldErrors } from '@/features/posts/lib/server-field-errors';
import { OFFERING_SUGGESTIONS, POST_TOASTS } from '@/features/posts/lib/post-labels';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';

const EMPTY: CreatePostInput = {
  title: '',
  offering: '',
  lookingFor: '',
  categoryId: null,
  keywords: [],
  format: null,
  availableFrom: null,
  availableUntil: null,
  preferredDays: '',
  preferredTimes: '',
  additionalContext: '',
};

const FIELD_NAMES = Object.keys(EMPTY);

/** True when anything was entered, so closing asks to discard it. */
function hasEnteredData(values: CreatePostInput): boolean {
  return Object.values(values).some((value) => {
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === 'string') return value.trim() !== '';
    return value !== null && value !== undefined;
  });
}

export interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server said the profile is incomplete after all. */
  onProfileIncomplete: () => void;
}

/** Create New Exchange Post (spec section 2). */
export function CreatePostDialog({ open, onOpenChange, onProfileIncomplete }: CreatePostDialogProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const keywordDraft = useRef('');
  const create = useCreatePost();
  const form = useForm<CreatePostInput, unknown, CreatePostData>({
    resolver: zodResolver(CreatePostInput),
    defaultValues: EMPTY,
  });
  const { control, handleSubmit, reset, setValue, setError, getValues, formState } = form;

  function close() {
    reset(EMPTY);
    keywordDraft.current = '';
    onOpenChange(false);
  }

  function handleOpenChange(next: boolean) {
    if (next) {
      onOpenChange(true);
      return;
    }
    if (create.isPending) return;
    if (hasEnteredData(getValues()) || keywordDraft.current.trim() !== '') setConfirmOpen(true);
    else close();
  }

  function handleValid(data: CreatePostData) {
    create.mutate(data, {
      onSuccess: () => {
        toast.success(POST_TOASTS.createdTitle, { description: POST_TOASTS.created });
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'PROFILE_INCOMPLETE') {
          close();
          onProfileIncomplete();
          return;
        }
        if (showServerFieldErrors(error, FIELD_NAMES, setError)) {
          toast.error(POST_TOASTS.validationTitle, { description: POST_TOASTS.validationCreate });
          return;
        }
        console.warn('Creating a post failed', error);
        if (isSessionLapse(error)) return; // 'Session expired' says it all
        // A write limit keeps the dialog open with what the member typed: they can post it later.
        if (toastWriteLimit(error)) return;
        toast.error(POST_TOASTS.errorTitle, { description: POST_TOASTS.createFailed });
      },
    });
  }

  function handleInvalid() {
    toast.error(POST_TOASTS.validationTitle, { description: POST_TOASTS.validationCreate });
  }

  return (
    <>
      <Dialog open={open} onOpenChange={handleOpenChange}>
        <DialogContent className="max-w-2xl">
          <FormProvider {...form}>
            <form onSubmit={(event) => void handleSubmit(handleValid, handleInvalid)(event)} noValidate className="grid gap-5">
              <DialogHeader>
                <DialogTitle>Create New Exchange Post</DialogTitle>
                <DialogDescription>Share what you're offering and what you'd like in return</DialogDescription>
              </DialogHeader>

              <TitleField idPrefix="post" />

              <OfferingAndLookingFor
                idPrefix="post"
                placeholders
                offeringHint={
                  <div className="flex flex-wrap gap-1.5 pt-1" role="group" aria-label="Quick suggestions">
                    {OFFERING_SUGGESTIONS.map((suggestion) => (
                      <button
                        key={suggestion}
                        type="button"
                        onClick={() => setValue('offering', suggestion, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
                        className="rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <Badge variant="outline" className="cursor-pointer hover:bg-surface-muted">
                          {suggestion}
                        </Badge>
                      </button>
                    ))}
                  </div>
                }
              />

              <div className="grid gap-5 sm:grid-cols-2">
                <Controller
                  control={control}
                  name="categoryId"
                  render={({ field, fieldState }) => (
                    <CategoryField id="post-category" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                  )}
                />
                <FormatField idPrefix="post" />
              </div>

              <KeywordsField idPrefix="post" onDraftChange={(draft) => (keywordDraft.current = draft)} />
              <TimingFieldset idPrefix="post" />
              <AdditionalContextField idPrefix="post" placeholder="Anything else a neighbour should know" />

              <DialogFooter>
                <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={create.isPending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Creating...' : 'Create Exchange Post'}
                </Button>
              </DialogFooter>
            </form>
          </FormProvider>
        </DialogContent>
      </Dialog>
      <DiscardChangesDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        onDiscard={() => {
          setConfirmOpen(false);
          close();
        }}
      />
    </>
  );
}
