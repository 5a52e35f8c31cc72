import { LoaderCircle, LocateFixed } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { PROFILE_LIMITS, ZIP_PATTERN, type ProfileFormValues, type ProfileInput } from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import { fieldClasses, Input } from '@/components/ui/input';
import { findNearestZip } from '@/features/profile/api/find-nearest-zip';
import { lookupZip } from '@/features/profile/api/lookup-zip';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { radiusOptions } from '@/features/profile/profile-options';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** Spec section 9: geolocation with high accuracy, 10 s timeout, positions up to a minute old. */
const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

const MANUAL = 'Please enter your ZIP code manually.';

export interface LocationFieldsProps<T extends ProfileInput> {
  form: UseFormReturn<ProfileFormValues, unknown, T>;
  showRadius: boolean;
  /** The edit screen lets the member type a location when there is no ZIP; otherwise it comes from the ZIP. */
  locationEditable: boolean;
  labels: { zip: string; radius?: string; location: string };
}

/**
 * ZIP code (with the locate button), service radius and the 'City, State' location. A valid ZIP
 * fills the location; the locate button asks the browser for a position and fills the nearest ZIP.
 */
export function LocationFields<T extends ProfileInput>({ form, showRadius, locationEditable, labels }: LocationFieldsProps<T>) {
  const { control, register, setValue, getValues, formState } = form;
  const zip = (useWatch({ control, name: 'zipCode' }) ?? '').trim();
  const [notFoundZip, setNotFoundZip] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  // The ZIP whose place is already in the form: no lookup for it (and no dirty flag on load).
  const resolvedZip = useRef<string | null>((getValues('zipCode') ?? '').trim() || null);

  useEffect(() => {
    if (!ZIP_PATTERN.test(zip) || resolvedZip.current === zip) return;
    const controller = new AbortController();
    lookupZip(zip, controller.signal)
      .then((place) => {
        resolvedZip.current = zip;
        setNotFoundZip(null);
        setValue('location', place.location, { shouldDirty: true, shouldValidate: true });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setNotFoundZip(zip);
        else console.warn('ZIP lookup failed', error);
      });
    return () => controller.abort();
  }, [zip, setValue]);

  function handleLocate() {
    // Older or locked-down browsers have no geolocation object at all.
    if (!(navigator.geolocation as Geolocation | undefined)) {
      toast.error('Location not supported', { description: `Your browser cannot share your location. ${MANUAL}` });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        findNearestZip(position.coords.latitude, position.coords.longitude)
          .then((place) => {
            resolvedZip.current = place.zip;
            setNotFoundZip(null);
            setValue('zipCode', place.zip, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
            setValue('location', place.location, { shouldDirty: true, shouldValidate: true });
            toast.success('Location found', { description: `${place.location} ${place.zip}` });
          })
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) {
              toast.error('ZIP code not found', { description: `We could not find a ZIP code for your location. ${MANUAL}` });
            } else {
              console.warn('Nearest ZIP lookup failed', error);
              toast.error('Location lookup failed', { description: `We could not look up your location. ${MANUAL}` });
            }
          })
          .finally(() => setLocating(false));
      },
      (error) => {
        setLocating(false);
        if (error.code === error.PERMISSION_DENIED) {
          toast.error('Location access denied', { description: `Location access was blocked. ${MANUAL}` });
        } else {
          toast.error('Location lookup failed', { description: `We could not get your location. ${MANUAL}` });
        }
      },
      GEOLOCATION_OPTIONS,
    );
  }

  const zipError = formState.errors.zipCode?.message ?? (notFoundZip === zip && zip !== '' ? 'ZIP code not found' : undefined);
  const locationReadOnly = !locationEditable || zip !== '';

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="zipCode" label={labels.zip} error={zipError}>
        <div className="flex gap-2">
          <Input
            id="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={PROFILE_LIMITS.zipMax}
            placeholder="12345"
            aria-invalid={zipError ? true : undefined}
            aria-describedby={fieldDescribedBy('zipCode', { error: Boolean(zipError) })}
            {...register('zipCode')}
          />
          <Button variant="outline" size="icon" onClick={handleLocate} disabled={locating} aria-label="Use my current location" title="Use my current location">
            {locating ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LocateFixed aria-hidden="true" />}
          </Button>
        </div>
      </FormField>
      {showRadius ? <ServiceRadiusField form={form} label={labels.radius ?? 'Service Radius'} /> : null}
      <FormField id="location" label={labels.location} className="sm:col-span-2">
        <Input
          id="location"
          placeholder="City, State"
          maxLength={PROFILE_LIMITS.locationMax}
          readOnly={locationReadOnly}
          className={cn(locationReadOnly && 'bg-surface-muted')}
          {...register('location')}
        />
      </FormField>
    </div>
  );
}

/** The service radius choices: 5, 10, 15, 25, 50 miles and '100+ miles'. */
export function ServiceRadiusField<T extends ProfileInput>({ form, label }: { form: UseFormReturn<ProfileFormValues, unknown, T>; label: string }) {
  const error = form.formState.errors.serviceRadiusMiles?.message;
  return (
    <FormField id="serviceRadiusMiles" label={label} error={error}>
      <Controller
        control={form.control}
        name="serviceRadiusMiles"
        render={({ field }) => (
          <select
            id="serviceRadiusMiles"
            className={cn(fieldClasses, 'h-10')}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
            onBlur={field.onBlur}
            ref={field.ref}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescribedBy('serviceRadiusMiles', { error: Boolean(error) })}
          >
            <option value="">Select a radius</option>
            {radiusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      />
    </FormField>
  );
}
