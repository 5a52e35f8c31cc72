import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DEFAULT_SERVICE_RADIUS_MILES,
  needsLocation,
  ProfileInput,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  type OwnProfile,
  type ProfileFormValues,
} from '@shared/schemas/profile';
import { paths, profilePath } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldClasses, Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useOwnProfile } from '@/features/profile/api/get-own-profile';
import { useSaveProfile } from '@/features/profile/api/save-profile';
import { AboutMeHint } from '@/features/profile/components/about-me-hint';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { LeadTimeSelect } from '@/features/profile/components/lead-time-select';
import { LocationFields, ServiceRadiusField } from '@/features/profile/components/location-fields';
import { PhotoField } from '@/features/profile/components/photo-field';
import { ProfileUrlFields } from '@/features/profile/components/profile-url-fields';
import { PrimaryCategoryField, SkillKeywordsField } from '@/features/profile/components/profile-skill-fields';
import { isProfileDirty, toFormValues } from '@/features/profile/profile-dirty';
import { applyServerFieldErrors } from '@/features/profile/profile-form-errors';
import { editServiceTypeOptions } from '@/features/profile/profile-options';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /profile/edit: the member edits their own profile. */
export function EditProfilePage() {
  useDocumentTitle('Edit Profile');
  const query = useOwnProfile();

  useEffect(() => {
    if (query.error && !isSessionLapse(query.error)) toast.error('Failed to load profile');
  }, [query.error]);
  const missing = query.isSuccess && !query.data;
  useEffect(() => {
    // The spec: a member without a profile is told so and sent to complete it.
    if (missing) toast.error('Profile not found. Please complete your profile first.', { id: 'profile-missing' });
  }, [missing]);

  if (query.isPending) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner label="Loading profile..." showLabel />
      </div>
    );
  }
  if (query.error) return <Navigate to={paths.home} replace />;
  if (!query.data) return <Navigate to={paths.completeProfile} replace />;
  return <EditProfileForm profile={query.data} />;
}

function EditProfileForm({ profile }: { profile: OwnProfile }) {
  const navigate = useNavigate();
  const save = useSaveProfile();
  const initial = useMemo(() => toFormValues(profile), [profile]);
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(ProfileInput),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setValue, setError, formState } = form;
  const { errors } = formState;
  const values = useWatch({ control });
  const dirty = isProfileDirty(values, initial);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const viewPath = profilePath(profile.id);

  function handleBack() {
    if (dirty) setConfirmDiscard(true);
    else void navigate(viewPath);
  }

  function handleValid(input: ProfileInput) {
    save.mutate(input, {
      onSuccess: (saved) => {
        toast.success('Profile updated successfully!');
        void navigate(profilePath(saved.id));
      },
      onError: (error) => {
        if (isSessionLapse(error)) return; // 'Session expired' says it all
        applyServerFieldErrors(error, setError);
        if (error instanceof ApiError && error.status > 0) toast.error('Failed to save profile changes');
        else toast.error('An error occurred while saving');
      },
    });
  }

  function handleInvalid(invalid: FieldErrors<ProfileFormValues>) {
    // Spec: the About Me check on save is also said in a toast.
    if (invalid.about?.message) toast.error(invalid.about.message);
  }

  return (
    <Container size="narrow" className="py-6 sm:py-10">
      <form onSubmit={(event) => void handleSubmit(handleValid, handleInvalid)(event)} noValidate>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="ghost" size="sm" className="-ml-2" onClick={handleBack}>
            <ArrowLeft aria-hidden="true" />
            Back to Profile
          </Button>
          <Button type="submit" disabled={!dirty || save.isPending}>
            {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
        <h1 className="mt-4 mb-6 text-3xl font-semibold tracking-tight">Edit Profile</h1>

        <Card>
          <CardContent className="space-y-6 pt-5 sm:pt-6">
            <PhotoField
              id="photo"
              photoUrl={values.photoId ? `/api/photos/${values.photoId}` : null}
              name={values.displayName ?? ''}
              pickLabel="Change Photo"
              error={errors.photoId?.message}
              onUploaded={(photo) => setValue('photoId', photo.id, { shouldDirty: true, shouldValidate: true })}
            />

            <FormField id="displayName" label="Display Name *" error={errors.displayName?.message}>
              <Input
                id="displayName"
                placeholder="How you'll appear to others"
                maxLength={PROFILE_LIMITS.displayNameMax}
                required
                aria-invalid={errors.displayName ? true : undefined}
                aria-describedby={fieldDescribedBy('displayName', { error: Boolean(errors.displayName) })}
                {...register('displayName')}
              />
            </FormField>

            <FormField id="about" label="About Me" error={errors.about?.message} hint={<AboutMeHint text={values.about ?? ''} />}>
              <Textarea
                id="about"
                rows={5}
                aria-invalid={errors.about ? true : undefined}
                aria-describedby={fieldDescribedBy('about', { hint: true, error: Boolean(errors.about) })}
                {...register('about')}
              />
            </FormField>

            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="serviceType" label="Service Type" error={errors.serviceType?.message}>
                <select
                  id="serviceType"
                  className={cn(fieldClasses, 'h-10')}
                  aria-invalid={errors.serviceType ? true : undefined}
                  {...register('serviceType', {
                    setValueAs: (value: string) => (value === '' ? undefined : value),
                    onChange: () => {
                      if (form.getValues('serviceRadiusMiles') === null) setValue('serviceRadiusMiles', DEFAULT_SERVICE_RADIUS_MILES);
                    },
                  })}
                >
                  <option value="">Select a service type</option>
                  {editServiceTypeOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </FormField>
              {needsLocation(values.serviceType) ? <ServiceRadiusField form={form} label="Service Area" /> : null}
            </div>

            <PrimaryCategoryField form={form} />

            <SkillKeywordsField form={form} label="Skills & Keywords" maxMessage={PROFILE_MESSAGES.skillsMax} />

            <ProfileUrlFields form={form} labels={{ portfolio: 'Portfolio URL', linkedin: 'LinkedIn URL' }} />

            <LocationFields form={form} showRadius={false} locationEditable labels={{ zip: 'Zip Code', location: 'Location' }} />

            <FormField id="leadTime" label="Lead Time" error={errors.leadTime?.message}>
              <LeadTimeSelect
                id="leadTime"
                aria-invalid={errors.leadTime ? true : undefined}
                {...register('leadTime', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
              />
            </FormField>
          </CardContent>
        </Card>
      </form>

      <Dialog open={confirmDiscard} onOpenChange={setConfirmDiscard}>
        <DialogContent className="max-w-md" hideCloseButton>
          <DialogHeader>
            <DialogTitle>Unsaved Changes</DialogTitle>
            <DialogDescription>You have unsaved changes. Are you sure you want to discard them?</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmDiscard(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void navigate(viewPath)}>
              Yes
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Container>
  );
}
