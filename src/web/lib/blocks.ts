import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BlockedMember, BlockListResponse } from '@shared/schemas/safety';
import { apiClient } from '@/lib/api-client';

/**
 * Blocking a member (issue 12): the profile page, the chat and /settings all block or unblock,
 * so the hooks live here. A block hides the two members from each other everywhere.
 */
export const blockKeys = {
  all: ['blocks'] as const,
};

/**
 * What a block or an unblock changes, by the other features' key prefixes (features never import
 * each other, so they are spelled out): post lists (feed, search, matches), profiles, the search
 * member summary, conversations and their Messages dot, My Network and the sent-request ids.
 */
const staleAfterBlockChange = [
  blockKeys.all,
  ['posts'],
  ['profile'],
  ['members'],
  ['conversations'],
  ['messages-unread'],
  ['network'],
  ['requests'],
] as const;

function refreshAfterBlockChange(queryClient: QueryClient) {
  return Promise.all(staleAfterBlockChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** GET /api/blocks: the members the viewer blocked, newest first. */
export function getBlockedMembers(): Promise<BlockListResponse> {
  return apiClient.get('/api/blocks', { schema: BlockListResponse });
}

export const blockedMembersQueryOptions = () =>
  queryOptions({ queryKey: blockKeys.all, queryFn: getBlockedMembers, select: (data) => data.items });

export function useBlockedMembers() {
  return useQuery(blockedMembersQueryOptions());
}

/** POST /api/blocks (201 new, 200 already blocked). */
export function blockMember(memberId: string): Promise<BlockedMember> {
  return apiClient.post('/api/blocks', { memberId }, { schema: BlockedMember });
}

/** DELETE /api/blocks/:memberId (204, also when there was no block). */
export function unblockMember(memberId: string): Promise<void> {
  return apiClient.delete(`/api/blocks/${encodeURIComponent(memberId)}`);
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockMember, onSuccess: () => refreshAfterBlockChange(queryClient) });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockMember, onSuccess: () => refreshAfterBlockChange(queryClient) });
}
