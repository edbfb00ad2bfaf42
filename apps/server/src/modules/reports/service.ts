import { Readable } from 'node:stream';
import {
  LAB_TIME_ZONE,
  REPORT_MESSAGES,
  isReportKey,
  reportFileName,
  reportPermission,
  type ExportReportRequest,
  type ReportKey,
} from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { can } from '../../platform/permissions/index.ts';
import { openCursor } from '../../db/cursor.ts';
import { CSV_LINE_END, UTF8_BOM, csvCell, csvNumberCell } from './csv.ts';
import * as repo from './repository.ts';

/** Rows read from the database per FETCH (about 150 KB of CSV). */
export const REPORT_BATCH_SIZE = 1000;
/**
 * A download whose reader takes nothing for this long is ended: the export holds a database
 * connection (on the embedded engine, the only one) while it waits for the reader.
 */
export const REPORT_STALL_MS = 60_000;

export interface ReportDownload {
  fileName: string;
  /** The CSV bytes, produced as the reader takes them. */
  stream: Readable;
}

/**
 * Who may ask for a report at all: super admins only (spec: /export-reports is super_admin only),
 * and each report needs its own reports.{report}.export permission. A report that does not exist
 * is 404 for a super admin; anyone else learns nothing beyond 403.
 */
export function checkReportAccess(actor: Actor, report: string): ReportKey {
  if (!actor.roles.includes('super_admin')) throw forbidden();
  if (!isReportKey(report)) throw notFound();
  if (!can(actor, reportPermission(report))) throw forbidden();
  return report;
}

type Row = Record<string, unknown>;

/**
 * The report as a CSV download. The statement runs and its first batch is read before anything is
 * sent, so a failure there is an ordinary error answer. Then the rows stream through a cursor one
 * batch at a time, only as fast as the reader takes them (backpressure), so memory stays flat
 * whatever the row count. A failure after the first bytes ends the response (the reader sees an
 * incomplete transfer, never a file that looks complete); either way the cursor is closed, the
 * connection given back and the export written to the audit trail with its outcome and row count.
 */
export async function exportReport(
  ctx: AppContext,
  actor: Actor,
  reportName: string,
  input: ExportReportRequest,
  meta: RequestMeta,
  opts: {
    batchSize?: number;
    stallMs?: number;
    /**
     * Told when the export breaks off after it started (a database error, a stalled reader). With
     * it, the stream then just stops (the caller ends its response); without it, the stream errors.
     */
    onBroken?: (err: Error) => void;
  } = {},
): Promise<ReportDownload> {
  const report = checkReportAccess(actor, reportName);
  const timeZone = input.time_zone ?? LAB_TIME_ZONE;
  if (!(await repo.knowsTimeZone(ctx.db, timeZone)))
    throw fieldError('time_zone', REPORT_MESSAGES.invalidTimeZone, 400);
  const range = { dateFrom: input.date_from, dateTo: input.date_to, timeZone };
  const { columns, query } = repo.reportQuery(ctx.db, report, range);
  const batchSize = opts.batchSize ?? REPORT_BATCH_SIZE;
  const stallMs = opts.stallMs ?? REPORT_STALL_MS;

  const cursor = await openCursor<Row>(ctx.database, query, batchSize);
  let first: Row[];
  try {
    first = await cursor.next();
  } catch (err) {
    await cursor.close();
    throw err;
  }

  const toLine = (row: Row) => {
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      const value = row[column.key] as Parameters<typeof csvCell>[0];
      if (i > 0) line += ',';
      line += column.numeric ? csvNumberCell(value) : csvCell(value);
    }
    return line + CSV_LINE_END;
  };

  let rows = 0;
  let error: string | undefined;
  const broken = (err: Error) => {
    error ??= err.message;
    if (opts.onBroken) {
      opts.onBroken(err);
      stream.destroy();
    } else stream.destroy(err);
  };
  let stall: NodeJS.Timeout | undefined;
  // Re-armed each time the reader asks for more; fires only when it has stopped reading.
  const arm = () => {
    clearTimeout(stall);
    stall = setTimeout(() => broken(new Error('The reader stopped taking the report')), stallMs);
    stall.unref();
  };

  let started = false;
  async function* produce(): AsyncGenerator<string> {
    started = true;
    let outcome: 'success' | 'failure' = 'failure';
    try {
      arm();
      yield UTF8_BOM + columns.map((c) => csvCell(c.header)).join(',') + CSV_LINE_END;
      let batch = first;
      while (batch.length > 0) {
        let chunk = '';
        for (const row of batch) chunk += toLine(row);
        rows += batch.length;
        arm();
        yield chunk;
        batch = await cursor.next();
      }
      outcome = 'success';
    } catch (err) {
      const failure = err instanceof Error ? err : new Error(String(err));
      if (!opts.onBroken) {
        error ??= failure.message;
        throw failure;
      }
      broken(failure);
    } finally {
      clearTimeout(stall);
      await cursor.close();
      // The connection is free again before the audit row is written (the embedded engine has one).
      try {
        await recordAudit(ctx.db, {
          actorUserId: actor.userId,
          actorEmail: actor.email,
          ip: meta.ip,
          requestId: meta.requestId,
          action: 'reports.export',
          entityType: 'report',
          entityId: report,
          outcome,
          details: {
            report,
            date_from: range.dateFrom,
            date_to: range.dateTo,
            time_zone: timeZone,
            rows,
            ...(outcome === 'success' ? {} : { error: error ?? 'The download ended early' }),
          },
        });
      } catch (err) {
        ctx.log.error({ err, report }, 'could not record the report export in the audit trail');
      }
    }
  }

  const stream = Readable.from(produce(), { objectMode: false, highWaterMark: 64 * 1024 });
  // A response that ends before the first read never runs the generator's cleanup: close here.
  stream.once('close', () => {
    if (!started) void cursor.close();
  });
  return { fileName: reportFileName(report, range.dateFrom, range.dateTo), stream };
}
