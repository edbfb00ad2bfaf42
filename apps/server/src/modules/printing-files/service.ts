/**
 * Printing files: the staff list of the files the lab prints from (document 3 sections 2.19, 3, 7).
 * Management with printing-files.view; the patients are those of the caller's patient scope.
 * Downloads go through the patient files' signed links.
 */
import type { ListPrintingFilesQuery } from '@archline/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { paginate } from '../../platform/http/paginate.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { patientScopeOf, patientScopeSql } from '../../platform/permissions/patient-scope.ts';
import * as repo from './repository.ts';

type Query = z.output<typeof ListPrintingFilesQuery>;

export async function listPrintingFiles(ctx: AppContext, actor: Actor, query: Query) {
  if (actor.profile !== 'management') throw forbidden();
  authorize(actor, 'printing-files.view');
  const scope = patientScopeSql(patientScopeOf(actor), { patient: 'p' });
  const page = await paginate({ page: query.page, perPage: query.perPage }, (p) =>
    repo.listPrintingFiles(ctx.db, {
      searchByUser: query.searchByUser || undefined,
      searchByPatient: query.searchByPatient || undefined,
      orderBy: query.orderBy,
      order: query.order,
      scope,
      ...p,
    }),
  );
  return { data: page.data, total: page.meta.total, meta: page.meta };
}
