export { paths } from '@shared/app-paths';

/** Section ids on the landing page that the top bar and footer link to. */
export const landingAnchors = {
  community: 'community',
  howItWorks: 'how-it-works',
  skills: 'skills',
  benefits: 'benefits',
} as const;

export type LandingAnchor = (typeof landingAnchors)[keyof typeof landingAnchors];

/** `/profile/{id}` for a member's user id. */
export function profilePath(id: string): string {
  return `/profile/${encodeURIComponent(id)}`;
}

/** `/messages/{id}`: one conversation, so a link or a reload opens it. */
export function conversationPath(id: string): string {
  return `/messages/${encodeURIComponent(id)}`;
}

/**
 * `/messages?to={memberId}&post={postId}`: the Messages screen opens (or creates) the conversation
 * with that member, about that post when given, then moves to its own address.
 */
export function openConversationPath(memberId: string, postId?: string | null): string {
  const params = new URLSearchParams({ to: memberId });
  if (postId) params.set('post', postId);
  return `/messages?${params.toString()}`;
}

/** `/#{anchor}`: works from any page; the landing page scrolls to the section. */
export function landingAnchorPath(anchor: LandingAnchor): string {
  return `/#${anchor}`;
}
