import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { PHOTO_MESSAGES, PROFILE_LIMITS, type PhotoUpload } from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import { useUploadPhoto } from '@/features/profile/api/upload-photo';
import { PhotoCropDialog } from '@/features/profile/components/photo-crop-dialog';
import { ProfileAvatar } from '@/features/profile/components/profile-avatar';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';

export interface PhotoFieldProps {
  id: string;
  photoUrl: string | null;
  /** For the initials shown without a photo. */
  name: string;
  /** 'Upload Photo' on first setup, 'Change Photo' on the edit screen. */
  pickLabel: string;
  error?: string | undefined;
  onUploaded: (photo: PhotoUpload) => void;
  /** Offered only when given (a photo can be removed or changed). */
  onRemove?: () => void;
}

/** Toasts an upload failure with the server's words when it gave some, else the spec's. */
function toastUploadError(error: unknown) {
  if (isSessionLapse(error)) return; // 'Session expired' says it all
  if (error instanceof ApiError && error.fields.photo) {
    toast.error(error.message, { description: error.fields.photo });
    return;
  }
  console.error('Photo upload failed', error);
  toast.error(PHOTO_MESSAGES.failed.title, { description: PHOTO_MESSAGES.failed.description });
}

/**
 * Whether the browser can draw the file: a text file named photo.png passes the type check
 * (the type comes from the name) but would open the crop dialog on a broken image.
 */
async function canDecodeImage(file: Blob): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    const drawable = bitmap.width > 0 && bitmap.height > 0;
    bitmap.close();
    return drawable;
  } catch {
    return false;
  }
}

/** Profile photo: pick a file, crop it square, upload the 400x400 JPEG. */
export function PhotoField({ id, photoUrl, name, pickLabel, error, onUploaded, onRemove }: PhotoFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pickedUrl, setPickedUrl] = useState<string | null>(null);
  const upload = useUploadPhoto();

  useEffect(() => {
    return () => {
      if (pickedUrl) URL.revokeObjectURL(pickedUrl);
    };
  }, [pickedUrl]);

  async function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(PHOTO_MESSAGES.invalidType.title, { description: PHOTO_MESSAGES.invalidType.description });
      return;
    }
    if (file.size > PROFILE_LIMITS.photoMaxBytes) {
      toast.error(PHOTO_MESSAGES.tooLarge.title, { description: PHOTO_MESSAGES.tooLarge.description });
      return;
    }
    if (!(await canDecodeImage(file))) {
      // The member's file, not a fault of the app: a warning, and the spec's photo failure toast.
      console.warn('Picked photo could not be decoded as an image', { name: file.name, type: file.type, size: file.size });
      toast.error(PHOTO_MESSAGES.failed.title, { description: PHOTO_MESSAGES.failed.description });
      return;
    }
    setPickedUrl(URL.createObjectURL(file));
  }

  function handleCropped(photo: Blob) {
    upload.mutate(photo, {
      onSuccess: (uploaded) => {
        onUploaded(uploaded);
        setPickedUrl(null);
        toast.success('Photo cropped successfully');
      },
      onError: toastUploadError,
    });
  }

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <ProfileAvatar photoUrl={photoUrl} name={name} className="size-24 shrink-0 ring-4 ring-brand-50" />
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => inputRef.current?.click()} aria-describedby={`${id}-hint`}>
            <Camera aria-hidden="true" />
            {pickLabel}
          </Button>
          {onRemove && photoUrl ? (
            <Button variant="ghost" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label={pickLabel}
          onChange={(event) => void handleFileChange(event)}
        />
        <p id={`${id}-hint`} className="text-sm text-fg-muted">
          JPG, PNG or GIF. Max size 5MB.
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {error}
          </p>
        ) : null}
      </div>
      <PhotoCropDialog
        imageUrl={pickedUrl}
        saving={upload.isPending}
        onCancel={() => setPickedUrl(null)}
        onSave={handleCropped}
        onError={toastUploadError}
      />
    </div>
  );
}
