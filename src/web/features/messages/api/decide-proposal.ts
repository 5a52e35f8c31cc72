import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageItem, type ProposalDecisionInput } from '@shared/schemas/messages';
import type { MessagesData } from '@/features/messages/api/get-messages';
import { conversationKeys, messageKeys } from '@/features/messages/api/query-keys';
import { toast } from 'sonner';
import { ApiError, apiClient } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';
import { realtimeKeys } from '@/lib/realtime';

export interface DecideProposalVariables extends ProposalDecisionInput {
  conversationId: string;
  messageId: string;
  /** The proposer's name, for the toast (not sent). */
  proposerName: string;
}

export const PROPOSAL_ERROR_TITLE = 'Could not answer the proposal';

/** POST /api/messages/:id/proposal: the recipient accepts or declines, once. */
export function decideProposal({ messageId, decision }: DecideProposalVariables): Promise<MessageItem> {
  return apiClient.post(`/api/messages/${encodeURIComponent(messageId)}/proposal`, { decision }, { schema: MessageItem });
}

/** Puts the answered proposal in place in the open chat (the realtime event refetches the rest). */
function replaceMessage(data: MessagesData | undefined, message: MessageItem): MessagesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === message.id ? message : item)) })),
  };
}

/**
 * Answers a proposal. The card shows the answer at once; after any outcome (a 409 means the
 * other tab or member answered first) the conversation, My Network and the posts refetch.
 * The toasts live here, not in `mutate` callbacks: the answered card unmounts its buttons.
 */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideProposal,
    onSuccess: (message, { decision, proposerName }) => {
      if (decision === 'accepted') toast.success('Proposal accepted', { description: 'You are now connected. See it in My Network.' });
      else toast.success('Proposal declined', { description: `${proposerName} has been told.` });
      queryClient.setQueryData<MessagesData>(messageKeys.conversation(message.conversationId), (data) => replaceMessage(data, message));
    },
    onError: (error) => {
      if (isSessionLapse(error)) return; // 'Session expired' says it all
      console.warn('Answering a proposal failed', error);
      const known = error instanceof ApiError && [403, 404, 409].includes(error.status);
      toast.error(PROPOSAL_ERROR_TITLE, { description: known ? error.message : 'Something went wrong. Please try again.' });
    },
    onSettled: (_message, _error, { conversationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.lists }),
        queryClient.invalidateQueries({ queryKey: realtimeKeys.network }),
        queryClient.invalidateQueries({ queryKey: realtimeKeys.posts }),
      ]),
  });
}
