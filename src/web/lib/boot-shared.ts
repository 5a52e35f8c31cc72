/*
 * The app's shared modules, loaded on their own by main.tsx between the libraries and the app:
 * building the zod schemas is most of their evaluation, a task of its own (issue 14, Total
 * Blocking Time).
 */
import '@shared/schemas/posts';
