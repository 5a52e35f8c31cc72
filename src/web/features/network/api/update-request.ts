import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExchangeRequestItem, type UpdateExchangeRequestInput } from '@shared/schemas/requests';
import { networkKeys, staleAfterRequestMove } from '@/features/network/api/query-keys';
import { apiClient } from '@/lib/api-client';

export type UpdateRequestVariables = UpdateExchangeRequestInput & { id: string };

/** PATCH /api/requests/:id: accept, decline, withdraw or mark completed. */
export function updateRequest({ id, ...body }: UpdateRequestVariables): Promise<ExchangeRequestItem> {
  return apiClient.patch(`/api/requests/${encodeURIComponent(id)}`, body, { schema: ExchangeRequestItem });
}

/**
 * After any move (and after a 409: someone else moved it first) My Network and every post list
 * refetch, so counters, sections and the cards' exchange state follow without a reload.
 */
export function useUpdateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: networkKeys.all }),
        ...staleAfterRequestMove.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
