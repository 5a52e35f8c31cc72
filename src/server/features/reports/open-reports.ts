import { sql } from 'drizzle-orm';
import { REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '../../../shared/schemas/safety.js';
import { queryRows, type Database } from '../../db/client.js';
import { toDate } from '../posts/post-query.js';

/** One open report as `npm run reports` shows it (and prints with `--json`). */
export interface OpenReport {
  id: string;
  createdAt: string;
  reason: ReportReason;
  targetType: ReportTargetType;
  targetId: string;
  /** Null once the reported member deleted their account. */
  reportedMember: { id: string; name: string } | null;
  reporter: { id: string; name: string };
  note: string | null;
}

interface OpenReportRow {
  id: string;
  created_at: Date | string;
  reason: ReportReason;
  target_type: ReportTargetType;
  target_id: string;
  reported_id: string | null;
  reported_name: string | null;
  reporter_id: string;
  reporter_name: string | null;
  note: string | null;
}

/**
 * The open reports, newest first, with the names members see for the reported member and the
 * reporter (profile display name, else account name), through `reports (status, created_at)`.
 */
export async function listOpenReports(db: Database): Promise<OpenReport[]> {
  const rows = await queryRows<OpenReportRow>(
    db,
    sql`SELECT r.id, r.created_at, r.reason, r.target_type, r.target_id, r.note,
               r.reported_member_id AS reported_id, coalesce(rp.display_name, ru.name) AS reported_name,
               r.reporter_id, coalesce(pp.display_name, pu.name) AS reporter_name
        FROM reports r
        JOIN users pu ON pu.id = r.reporter_id
        LEFT JOIN profiles pp ON pp.id = r.reporter_id
        LEFT JOIN users ru ON ru.id = r.reported_member_id
        LEFT JOIN profiles rp ON rp.id = r.reported_member_id
        WHERE r.status = 'open'
        ORDER BY r.created_at DESC, r.id DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: toDate(row.created_at).toISOString(),
    reason: row.reason,
    targetType: row.target_type,
    targetId: row.target_id,
    reportedMember: row.reported_id ? { id: row.reported_id, name: row.reported_name ?? '' } : null,
    reporter: { id: row.reporter_id, name: row.reporter_name ?? '' },
    note: row.note,
  }));
}

/**
 * Text for the operator's terminal: control characters and runs of white space (a member's
 * escape sequences or line breaks) become one space, so what members wrote cannot move the cursor or fake another line.
 */
function clean(text: string): string {
  // \p{Cc}: the C0 and C1 control characters (U+0000-001F, U+007F-009F).
  return text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/** The reports as lines for a terminal: one block per report, a blank line between them. */
export function formatOpenReports(reports: OpenReport[]): string[] {
  if (reports.length === 0) return ['No open reports.'];
  const lines = [reports.length === 1 ? '1 open report, newest first:' : `${reports.length} open reports, newest first:`];
  for (const report of reports) {
    const when = report.createdAt.slice(0, 16).replace('T', ' ');
    const reported = report.reportedMember ? `${clean(report.reportedMember.name)} (${report.reportedMember.id})` : '(account deleted)';
    lines.push(
      '',
      `${when} UTC  ${REPORT_REASON_LABELS[report.reason] ?? report.reason}  ${report.targetType} ${report.targetId}`,
      `  reported: ${reported}`,
      `  reporter: ${clean(report.reporter.name)} (${report.reporter.id})`,
    );
    if (report.note) lines.push(`  note:     ${clean(report.note)}`);
  }
  return lines;
}
