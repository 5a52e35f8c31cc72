import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { splitCustomTags } from '@shared/domain/post-tags';
import { parseDescription, stripOfferingPrefix } from '@shared/domain/post-text';
import { POST_MESSAGES, UpdatePostInput, type PostItem, type UpdatePostData } from '@shared/schemas/posts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useUpdatePost } from '@/features/posts/api/update-post';
import { isSessionLapse } from '@/lib/auth';
import { DiscardChangesDialog } from '@/features/posts/components/discard-changes-dialog';
import {
  AdditionalContextField,
  FormatField,
  KeywordsField,
  OfferingAndLookingFor,
  TimingFieldset,
  TitleField,
} from '@/features/posts/components/post-form-parts';
import { POST_TOASTS } from '@/features/posts/lib/post-labels';
import { showServerFieldErrors } from '@/features/posts/lib/server-field-errors';

/**
 * The dialog's fields from a post: the member's title as written (decisions.md), the description
 * split on blank lines; a title of 'Offering: ...' gives the offering of an unstructured post.
 */
function initialValues(post: PostItem): UpdatePostInput {
  const parts = parseDescription(post.description);
  const { keywords, format } = splitCustomTags(post.customTags);
  return {
    title: post.title,
    offering: parts.offering || stripOfferingPrefix(post.title),
    lookingFor: parts.lookingFor,
    keywords,
    format,
    availableFrom: post.availableFrom,
    availableUntil: post.availableUntil,
    preferredDays: post.preferredDays ?? '',
    preferredTimes: post.preferredTimes ?? '',
    additionalContext: parts.additionalContext || (post.additionalContext ?? ''),
  };
}

/**
 * Dates the member left as they were are neither checked nor sent: an old post's dates may lie
 * in the past by now, and only a date the member picks must not (spec: 'Available From cannot be
 * before today'). The server keeps the stored value of a date left out.
 */
function withoutUntouchedDates(values: UpdatePostInput, initial: UpdatePostInput): UpdatePostInput {
  return {
    ...values,
    availableFrom: values.availableFrom === initial.availableFrom ? undefined : values.availableFrom,
    availableUntil: values.availableUntil === initial.availableUntil ? undefined : values.availableUntil,
  };
}

const checkUpdate = zodResolver(UpdatePostInput);

export interface EditPostDialogProps {
  post: PostItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit Exchange Post (spec section 2): mount it only while open so it starts from the post. */
export function EditPostDialog({ post, open, onOpenChange }: EditPostDialogProps) {
  const update = useUpdatePost();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const keywordDraft = useRef('');
  const [initial] = useState(() => initialValues(post));
  const form = useForm<UpdatePostInput, unknown, UpdatePostData>({
    resolver: (values, context, options) => checkUpdate(withoutUntouchedDates(values, initial), context, options),
    defaultValues: initial,
  });
  const { control, handleSubmit, formState } = form;
  // Read during render so react-hook-form keeps it up to date (it compares with the post's values).
  const { isDirty } = formState;
  const [offering, lookingFor] = useWatch({ control, name: ['offering', 'lookingFor'] });
  const requiredEmpty = (offering ?? '').trim() === '' || (lookingFor ?? '').trim() === '';

  // Like Create Post: closing (Escape, the overlay, the close button or Cancel) with changes asks
  // first; a keyword typed but not added yet counts as a change.
  function handleOpenChange(next: boolean) {
    if (next || update.isPending) return;
    if (isDirty || keywordDraft.current.trim() !== '') setConfirmOpen(true);
    else onOpenChange(false);
  }

  function handleValid(data: UpdatePostData) {
    if (!post.id) {
      toast.error(POST_TOASTS.errorTitle, { description: 'Cannot update post: Missing database ID' });
      return;
    }
    // Untouched dates arrive undefined (withoutUntouchedDates) and are left out of the request.
    const input: UpdatePostInput = {
      title: data.title,
      offering: data.offering,
      lookingFor: data.lookingFor,
      keywords: data.keywords,
      format: data.format,
      preferredDays: data.preferredDays,
      preferredTimes: data.preferredTimes,
      additionalContext: data.additionalContext,
      ...(data.availableFrom !== undefined ? { availableFrom: data.availableFrom } : {}),
      ...(data.availableUntil !== undefined ? { availableUntil: data.availableUntil } : {}),
    };
    update.mutate(
      { id: post.id, input },
      {
        onSuccess: () => {
          toast.success(POST_TOASTS.createdTitle, { description: POST_TOASTS.updated });
          onOpenChange(false);
        },
        onError: (error) => {
          // The server's field messages go under their fields, as on Create Post.
          if (showServerFieldErrors(error, Object.keys(form.getValues()), form.setError)) {
            toast.error(POST_TOASTS.validationTitle, { description: POST_TOASTS.validationCreate });
            return;
          }
          console.warn('Updating a post failed', error);
          if (isSessionLapse(error)) return; // 'Session expired' says it all
          toast.error(POST_TOASTS.errorTitle, { description: POST_TOASTS.updateFailed });
        },
      },
    );
  }

  // The spec's edit toast names the two required fields; any other error gets the create
  // dialog's 'Please fix the errors below', with the message under its field.
  function handleInvalid() {
    toast.error(POST_TOASTS.validationTitle, { description: requiredEmpty ? POST_MESSAGES.editRequired : POST_TOASTS.validationCreate });
  }

  return (
    <>
      <Dialog open={open} onOpenChange={handleOpenChange}>
        <DialogContent className="max-w-2xl">
          <FormProvider {...form}>
            <form onSubmit={(event) => void handleSubmit(handleValid, handleInvalid)(event)} noValidate className="grid gap-5">
              <DialogHeader>
                <DialogTitle>Edit Exchange Post</DialogTitle>
                <DialogDescription>Update what you're offering and what you'd like in return</DialogDescription>
              </DialogHeader>

              <TitleField idPrefix="edit" />
              <OfferingAndLookingFor idPrefix="edit" />
              <KeywordsField idPrefix="edit" onDraftChange={(draft) => (keywordDraft.current = draft)} />
              <FormatField idPrefix="edit" />
              <TimingFieldset idPrefix="edit" />
              <AdditionalContextField idPrefix="edit" />

              <DialogFooter>
                <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={update.isPending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={requiredEmpty || update.isPending}>
                  {update.isPending ? 'Updating...' : 'Update Post'}
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
          onOpenChange(false);
        }}
      />
    </>
  );
}
