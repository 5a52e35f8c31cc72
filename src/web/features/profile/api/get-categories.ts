import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CategorySchema, type Category } from '@shared/schemas/profile';
import { categoriesKey } from '@/features/profile/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** Active skill categories, by level then name; `level` 1 gives the primary ones. */
export function getCategories(level?: number): Promise<Category[]> {
  return apiClient.get('/api/categories', { query: { level }, schema: z.array(CategorySchema) });
}

export const categoriesQueryOptions = (level?: number) =>
  queryOptions({ queryKey: categoriesKey(level), queryFn: () => getCategories(level), staleTime: 60 * 60 * 1000 });

export function useCategories(level?: number) {
  return useQuery(categoriesQueryOptions(level));
}
