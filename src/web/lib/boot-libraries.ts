/*
 * The libraries the app starts with, loaded on their own by main.tsx before the app (app-main.tsx):
 * evaluating them is a task of its own, and the app's modules (its zod schemas above all) another,
 * instead of one long task (issue 14, Total Blocking Time). zod's settings come first, as in
 * app-main.tsx.
 */
import '@/lib/zod-setup';
import 'react';
import 'react-dom/client';
import 'react-router';
import '@tanstack/react-query';
