/** TanStack Query keys of My Network. */
export const networkKeys = {
  all: ['network'] as const,
};

/**
 * Keys of other features that a move on a request makes stale: every post list (feed, search,
 * My Posts: the cards show the exchange state) and the sent-post ids behind 'Connected'.
 * Features never import each other, so the prefixes are repeated here.
 */
export const staleAfterRequestMove = [['posts'], ['requests']] as const;
