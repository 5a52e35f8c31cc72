import { queryOptions, useQuery } from '@tanstack/react-query';
import { NetworkResponse } from '@shared/schemas/network';
import { networkKeys } from '@/features/network/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/network: the four counters and sections of My Network. */
export function getNetwork(): Promise<NetworkResponse> {
  return apiClient.get('/api/network', { schema: NetworkResponse });
}

export const networkQueryOptions = () => queryOptions({ queryKey: networkKeys.all, queryFn: getNetwork });

export function useNetwork() {
  return useQuery(networkQueryOptions());
}
