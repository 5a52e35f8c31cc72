import { createContext, useContext, type ReactNode } from 'react';

/** What a report is about: a member, one of their posts or one of their messages. */
export interface ReportTarget {
  type: 'member' | 'post' | 'message';
  id: string;
  memberName: string;
}

export interface ReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type RenderReportDialog = (props: ReportDialogProps) => ReactNode;

const ReportDialogContext = createContext<RenderReportDialog | null>(null);

/**
 * The Report dialog belongs to the safety feature, but the profile page and the chat open it too.
 * Features never import each other, so the app shell hands the dialog down through this slot.
 */
export function ReportDialogSlot({ render, children }: { render: RenderReportDialog; children: ReactNode }) {
  return <ReportDialogContext.Provider value={render}>{children}</ReportDialogContext.Provider>;
}

/** Renders the Report dialog the app provides; null outside the signed-in shell (offer no Report item then). */
export function useReportDialog(): RenderReportDialog | null {
  return useContext(ReportDialogContext);
}
