import { useRef, useState, type SyntheticEvent } from 'react';
import ReactCrop, { convertToPercentCrop, convertToPixelCrop, type PercentCrop, type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { PROFILE_LIMITS } from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Spec section 9: the initial square covers 80% of the image's shorter side. */
const INITIAL_CROP_SHARE = 0.8;
const JPEG_QUALITY = 0.9;

/** The initial crop: a centred square, 80% of the shorter side of the displayed image. */
export function initialSquareCrop(width: number, height: number): PixelCrop {
  const side = Math.round(Math.min(width, height) * INITIAL_CROP_SHARE);
  return { unit: 'px', x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), width: side, height: side };
}

/** Draws the crop (in displayed pixels) of an image onto a 400x400 canvas and encodes it as JPEG 0.9. */
export function cropToJpeg(image: HTMLImageElement, crop: PixelCrop): Promise<Blob> {
  const side = PROFILE_LIMITS.photoSide;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas 2D context unavailable'));
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  // JPEG has no transparency: a transparent PNG lands on white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x * scaleX, crop.y * scaleY, crop.width * scaleX, crop.height * scaleY, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the cropped image'))), 'image/jpeg', JPEG_QUALITY);
  });
}

export interface PhotoCropDialogProps {
  /** Object URL of the picked file; the dialog is open while it is set. */
  imageUrl: string | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (photo: Blob) => void;
  onError: (error: unknown) => void;
}

/**
 * 'Crop Your Photo': a square crop (drag, resize, or arrow keys: 1 px, 10 px with Shift, 100 px
 * with Ctrl/Cmd, as react-image-crop does) that becomes a 400x400 JPEG.
 */
export function PhotoCropDialog({ imageUrl, saving, onCancel, onSave, onError }: PhotoCropDialogProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  // Kept in percent so the square stays put when the dialog is resized (a phone turned sideways).
  const [crop, setCrop] = useState<PercentCrop>();

  function handleImageLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = event.currentTarget;
    setCrop(convertToPercentCrop(initialSquareCrop(width, height), width, height));
  }

  async function handleSave() {
    const image = imageRef.current;
    if (!image || !crop || crop.width === 0) return;
    try {
      onSave(await cropToJpeg(image, convertToPixelCrop(crop, image.width, image.height)));
    } catch (error) {
      onError(error);
    }
  }

  return (
    <Dialog
      open={imageUrl !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCrop(undefined);
          onCancel();
        }
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Crop Your Photo</DialogTitle>
          <DialogDescription>
            Drag the square to frame your photo. Arrow keys move it (hold Shift for bigger steps).
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-center rounded-lg bg-surface-muted p-2">
          {imageUrl ? (
            <ReactCrop
              crop={crop}
              aspect={1}
              keepSelection
              minWidth={40}
              onChange={(_pixelCrop, percentCrop) => setCrop(percentCrop)}
              className="max-h-[60dvh]"
            >
              <img
                ref={imageRef}
                src={imageUrl}
                alt="Photo to crop"
                onLoad={handleImageLoad}
                className="max-h-[60dvh] w-auto"
              />
            </ReactCrop>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void handleSave()} disabled={saving || !crop || crop.width === 0}>
            Save Cropped Image
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
