import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CategorySchema, type Category } from '@shared/schemas/profile';
import { categoriesKey } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/categories?level=1: the primary skill categories. */
export function getPrimaryCategories(): Promise<Category[]> {
  return apiClient.get('/api/categories', { query: { level: 1 }, schema: z.array(CategorySchema) });
}

export const primaryCategoriesQueryOptions = () =>
  queryOptions({ queryKey: categoriesKey(1), queryFn: getPrimaryCategories, staleTime: 60 * 60 * 1000 });

export function usePrimaryCategories() {
  return useQuery(primaryCategoriesQueryOptions());
}
