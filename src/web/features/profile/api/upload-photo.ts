import { useMutation } from '@tanstack/react-query';
import { PhotoUploadSchema, type PhotoUpload } from '@shared/schemas/profile';
import { apiClient } from '@/lib/api-client';

/** Uploads a (cropped) photo; the server re-encodes and stores it and answers with its id and URL. */
export function uploadPhoto(photo: Blob): Promise<PhotoUpload> {
  const form = new FormData();
  form.append('photo', photo, 'profile-photo.jpg');
  return apiClient.post('/api/photos', form, { schema: PhotoUploadSchema });
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
