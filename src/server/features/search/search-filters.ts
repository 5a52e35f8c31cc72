import { sql, type SQL } from 'drizzle-orm';

/** The Service Type filter of /search. */
export type ServiceTypeFilter = 'all' | 'digital' | 'physical' | 'both';

/** Profile service types the filter accepts: 'digital' and 'physical' include 'both'. */
export function serviceTypes(serviceType: Exclude<ServiceTypeFilter, 'all'>): SQL {
  return serviceType === 'both' ? sql`'both'` : sql`${serviceType}, 'both'`;
}

/** Ids of a category and everything under it (the taxonomy has three levels). */
export function categorySubtree(categoryId: number): SQL {
  return sql`SELECT c.id FROM skill_categories c
    LEFT JOIN skill_categories c1 ON c1.id = c.parent_id
    WHERE c.id = ${categoryId} OR c1.id = ${categoryId} OR c1.parent_id = ${categoryId}`;
}
