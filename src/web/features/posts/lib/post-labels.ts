import { isPostFormat, type PostFormat } from '@shared/domain/post-tags';

/** Preferred Format choices as the dialogs name them. */
export const FORMAT_LABELS: Record<PostFormat, string> = {
  in_person: 'In-person',
  remote: 'Remote',
  hybrid: 'Hybrid (both)',
};

/** A stored tag as a badge shows it: the format tag by its label, keywords as written. */
export function tagLabel(tag: string): string {
  return isPostFormat(tag) ? FORMAT_LABELS[tag] : tag;
}

/** Quick suggestions under What I'm Offering (spec section 9). */
export const OFFERING_SUGGESTIONS = [
  'Graphic Design Services',
  'Web Development Help',
  'Photography Session',
  'Marketing Consultation',
  'Writing & Editing',
  'Language Tutoring',
  'Cooking Lessons',
  'Fitness Training',
] as const;

/** Toast texts of the post screens (spec section 8). */
export const POST_TOASTS = {
  validationTitle: 'Validation Error',
  validationCreate: 'Please fix the errors below',
  createdTitle: 'Success!',
  created: 'Your exchange post has been created!',
  errorTitle: 'Error',
  createFailed: 'Failed to create post—please try again.',
  updated: 'Your post has been updated successfully',
  updateFailed: 'Failed to update post. Please try again.',
  deletedTitle: 'Post deleted',
  deleted: 'Your post has been permanently deleted',
  requestSentTitle: 'Exchange Request Sent!',
  requestSent: 'Your request has been sent to this user.',
  requestFailed: 'Failed to send exchange request. Please try again.',
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please log in to send exchange requests.',
  postNotFound: 'Post not found. Please try again.',
  /** Ours: the title over a write limit's message (429), which the server words. */
  limitTitle: 'Limit reached',
} as const;
