import { useMutation } from '@tanstack/react-query';
import { ReportCreated, type ReportInput } from '@shared/schemas/safety';
import { apiClient } from '@/lib/api-client';

/** POST /api/reports: reports a member, post or message for the operator. */
export function sendReport(input: ReportInput): Promise<ReportCreated> {
  return apiClient.post('/api/reports', input, { schema: ReportCreated });
}

/** Nothing the app shows changes with a report, so no query is refreshed. */
export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
