import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  CompleteProfileInput,
  DEFAULT_SERVICE_RADIUS_MILES,
  needsLocation,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  type ProfileFormValues,
  type ServiceType,
} from '@shared/schemas/profile';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSaveProfile } from '@/features/profile/api/save-profile';
import { AboutMeHint } from '@/features/profile/components/about-me-hint';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { LeadTimeSelect } from '@/features/profile/components/lead-time-select';
import { LocationFields } from '@/features/profile/components/location-fields';
import { PhotoField } from '@/features/profile/components/photo-field';
import { ProfileUrlFields } from '@/features/profile/components/profile-url-fields';
import { PrimaryCategoryField, SkillKeywordsField } from '@/features/profile/components/profile-skill-fields';
import { applyServerFieldErrors } from '@/features/profile/profile-form-errors';
import { completeServiceTypeOptions } from '@/features/profile/profile-options';
import { isSessionLapse } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';

const emptyProfile: DefaultValues<ProfileFormValues> = {
  photoId: null,
  displayName: '',
  about: '',
  serviceType: undefined,
  primaryCategoryId: undefined,
  skillKeywords: [],
  portfolioUrl: '',
  linkedinUrl: '',
  leadTime: undefined,
  zipCode: '',
  serviceRadiusMiles: DEFAULT_SERVICE_RADIUS_MILES,
  location: '',
};

/**
 * True when the photo is the one thing keeping the form from being valid: the disabled
 * Complete Profile button then says why, even before the photo field was touched.
 */
function isOnlyPhotoMissing(values: unknown): boolean {
  const result = CompleteProfileInput.safeParse(values);
  return !result.success && result.error.issues.every((issue) => issue.path[0] === 'photoId');
}

/** /complete-profile: the first-time profile form. */
export function CompleteProfilePage() {
  useDocumentTitle('Complete Your Profile');
  const navigate = useNavigate();
  const save = useSaveProfile();
  const form = useForm<ProfileFormValues, unknown, CompleteProfileInput>({
    resolver: zodResolver(CompleteProfileInput),
    defaultValues: emptyProfile,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setValue, setError, formState } = form;
  const { errors, isValid } = formState;
  const values = useWatch({ control });
  const { photoId, displayName, about, serviceType } = values;
  const showLocation = needsLocation(serviceType);
  const onlyPhotoMissing = isOnlyPhotoMissing(values);

  function handleServiceTypeChange(next: ServiceType) {
    setValue('serviceType', next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    // The Location & Service Area block is hidden for digital services: nothing of it is kept.
    if (!needsLocation(next)) {
      setValue('zipCode', '', { shouldValidate: true });
      setValue('location', '');
      setValue('serviceRadiusMiles', DEFAULT_SERVICE_RADIUS_MILES);
    }
  }

  function handleValid(values: CompleteProfileInput) {
    save.mutate(values, {
      onSuccess: () => {
        toast.success('Profile saved');
        void navigate(paths.home);
      },
      onError: (error) => {
        if (isSessionLapse(error)) return; // 'Session expired' says it all
        applyServerFieldErrors(error, setError);
        toast.error('Unable to save profile—please try again');
      },
    });
  }

  return (
    <Container size="narrow" className="py-6 sm:py-10">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={paths.home}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Link>
      </Button>
      <header className="mt-4 mb-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Complete Your Profile</h1>
        <p className="mt-2 text-fg-muted">
          Tell neighbours about your skills and preferences so the right exchanges can find you.
        </p>
      </header>

      <form onSubmit={(event) => void handleSubmit(handleValid)(event)} noValidate>
        <Card>
          <CardContent className="space-y-6 pt-5 sm:pt-6">
            <section aria-labelledby="photo-label" className="space-y-2">
              <h2 id="photo-label" className="text-sm font-medium">
                Profile Photo
              </h2>
              <PhotoField
                id="photo"
                photoUrl={photoId ? `/api/photos/${photoId}` : null}
                name={displayName ?? ''}
                pickLabel={photoId ? 'Change Photo' : 'Upload Photo'}
                error={errors.photoId?.message}
                onUploaded={(photo) => setValue('photoId', photo.id, { shouldDirty: true, shouldTouch: true, shouldValidate: true })}
                onRemove={() => setValue('photoId', null, { shouldDirty: true, shouldTouch: true, shouldValidate: true })}
              />
            </section>

            <FormField id="displayName" label="Display Name" error={errors.displayName?.message}>
              <Input
                id="displayName"
                placeholder="How you'll appear to others"
                autoComplete="nickname"
                maxLength={PROFILE_LIMITS.displayNameMax}
                aria-invalid={errors.displayName ? true : undefined}
                aria-describedby={fieldDescribedBy('displayName', { error: Boolean(errors.displayName) })}
                {...register('displayName')}
              />
            </FormField>

            <FormField id="about" label="About Me" error={errors.about?.message} hint={<AboutMeHint text={about ?? ''} />}>
              <Textarea
                id="about"
                rows={4}
                placeholder="What do you enjoy doing, what can you offer, and what are you looking for?"
                aria-invalid={errors.about ? true : undefined}
                aria-describedby={fieldDescribedBy('about', { hint: true, error: Boolean(errors.about) })}
                {...register('about')}
              />
            </FormField>

            <Controller
              control={control}
              name="serviceType"
              render={({ field }) => (
                <fieldset className="space-y-2" aria-describedby={errors.serviceType ? 'serviceType-error' : undefined}>
                  <legend className="text-sm font-medium">Service Type</legend>
                  <div className="grid gap-2 sm:grid-cols-3">
                    {completeServiceTypeOptions.map((option) => (
                      <label
                        key={option.value}
                        className={cn(
                          'flex cursor-pointer flex-col rounded-lg border border-border-strong bg-surface p-3 text-sm transition-colors hover:bg-surface-muted',
                          'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                        )}
                      >
                        <span className="flex items-center gap-2 font-medium">
                          <input
                            type="radio"
                            name={field.name}
                            value={option.value}
                            checked={field.value === option.value}
                            onChange={() => handleServiceTypeChange(option.value)}
                            onBlur={field.onBlur}
                            ref={option.value === 'digital' ? field.ref : undefined}
                            className="size-4 accent-brand-700"
                          />
                          {option.label}
                        </span>
                        {option.hint ? <span className="mt-1 pl-6 text-fg-muted">{option.hint}</span> : null}
                      </label>
                    ))}
                  </div>
                  {errors.serviceType ? (
                    <p id="serviceType-error" role="alert" className="text-sm font-medium text-danger-700">
                      {errors.serviceType.message}
                    </p>
                  ) : null}
                </fieldset>
              )}
            />

            <PrimaryCategoryField form={form} />

            <SkillKeywordsField form={form} label="Skill Keywords" maxMessage={PROFILE_MESSAGES.keywordsMax} />

            <ProfileUrlFields form={form} labels={{ portfolio: 'Portfolio URL (Optional)', linkedin: 'LinkedIn Profile (Optional)' }} />

            {showLocation ? (
              <section aria-labelledby="location-heading" className="space-y-4 rounded-xl border border-border bg-canvas p-4">
                <h2 id="location-heading" className="font-semibold">
                  Location & Service Area
                </h2>
                <LocationFields
                  form={form}
                  showRadius
                  locationEditable={false}
                  labels={{ zip: 'ZIP Code', radius: 'Service Radius', location: 'Location' }}
                />
              </section>
            ) : null}

            <FormField
              id="leadTime"
              label="Lead Time"
              hint="How soon can you start after a deal is confirmed?"
              error={errors.leadTime?.message}
            >
              <LeadTimeSelect
                id="leadTime"
                aria-invalid={errors.leadTime ? true : undefined}
                aria-describedby={fieldDescribedBy('leadTime', { hint: true, error: Boolean(errors.leadTime) })}
                {...register('leadTime', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
              />
            </FormField>
          </CardContent>
        </Card>

        <div className="mt-6 flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
          {onlyPhotoMissing ? (
            <p id="complete-profile-blocker" role="status" className="text-center text-sm font-medium text-danger-700 sm:text-right">
              {PROFILE_MESSAGES.photoRequired}
            </p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            disabled={!isValid || save.isPending}
            aria-describedby={onlyPhotoMissing ? 'complete-profile-blocker' : undefined}
            className="w-full sm:w-auto"
          >
            {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {save.isPending ? 'Completing Profile...' : 'Complete Profile'}
          </Button>
        </div>
      </form>
    </Container>
  );
}
