import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@shared/schemas/auth';
import { apiClient } from '@/lib/api-client';

/**
 * Creates an account and has the verification e-mail sent. A registered address gets the same
 * answer as a new one (decision 001); its owner is told by e-mail.
 */
export function signUp(input: SignUpInput): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/sign-up/email', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
