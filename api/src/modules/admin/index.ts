// /api/admin/* (issue #14): the admin console's reads and money actions. Every route needs a signed-in admin:
// 403 for anyone else before anything is read, and the database's admin_* functions refuse them again.
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { authPlugin, type AuthPluginOptions, type UserDb } from '../../auth/plugin.ts';
import type { Sql } from '../../db/database.ts';
import * as admin from './service.ts';

/** Runs `work` in the user's transaction once the user is known to be an admin. */
const asAdmin = <T>(db: UserDb, work: (sql: Sql) => Promise<T>) =>
  db.run(async (sql) => {
    await admin.requireAdmin(sql);
    return work(sql);
  });

export const adminConsole = (options: AuthPluginOptions) =>
  new Elysia({ name: 'module.admin' })
    .use(authPlugin(options))
    .get(routes.adminDashboard.path, ({ db, query }) => asAdmin(db, (sql) => admin.dashboard(sql, query.days ? Number(query.days) : 30)), {
      auth: true,
      ...routeSchemas.adminDashboard,
    })
    .get(routes.adminUsers.path, ({ db, query }) => asAdmin(db, (sql) => admin.listUsers(sql, query.search, query.page)), {
      auth: true,
      ...routeSchemas.adminUsers,
    })
    .get(routes.adminUser.path, ({ db, params }) => asAdmin(db, (sql) => admin.userDetail(sql, params.id)), {
      auth: true,
      ...routeSchemas.adminUser,
    })
    .post(
      routes.adminAdjustBalance.path,
      ({ db, params, body }) => asAdmin(db, (sql) => admin.adjustBalance(sql, params.id, body.amount, body.reason)),
      { auth: true, ...routeSchemas.adminAdjustBalance },
    )
    .put(routes.adminSetRole.path, ({ db, params, body }) => asAdmin(db, (sql) => admin.setRole(sql, params.id, body.role)), {
      auth: true,
      ...routeSchemas.adminSetRole,
    })
    .get(routes.adminCalls.path, ({ db, query }) => asAdmin(db, (sql) => admin.listCalls(sql, query)), {
      auth: true,
      ...routeSchemas.adminCalls,
    })
    .post(routes.adminRefundCall.path, ({ db, params, body }) => asAdmin(db, (sql) => admin.refundCall(sql, params.id, body.reason)), {
      auth: true,
      ...routeSchemas.adminRefundCall,
    })
    .get(routes.adminFinancial.path, ({ db, query }) => asAdmin(db, (sql) => admin.financial(sql, query.from, query.to)), {
      auth: true,
      ...routeSchemas.adminFinancial,
    })
    .get(
      routes.adminFinancialCsv.path,
      async ({ db, query, set }) => {
        const days = await asAdmin(db, (sql) => admin.financial(sql, query.from, query.to));
        set.headers['content-type'] = 'text/csv; charset=utf-8';
        set.headers['content-disposition'] = `attachment; filename="ringwise-financial-${days[0]?.day ?? 'empty'}-to-${days.at(-1)?.day ?? 'empty'}.csv"`;
        return admin.financialCsv(days);
      },
      { auth: true, ...routeSchemas.adminFinancialCsv },
    )
    .get(routes.adminLedgerCheck.path, ({ db }) => asAdmin(db, (sql) => admin.ledgerCheck(sql)), {
      auth: true,
      ...routeSchemas.adminLedgerCheck,
    })
    .get(routes.adminRates.path, ({ db, query }) => asAdmin(db, (sql) => admin.rateDeck(sql, query.country)), {
      auth: true,
      ...routeSchemas.adminRates,
    })
    .post(routes.adminImportRates.path, ({ db, body }) => asAdmin(db, (sql) => admin.importRates(sql, body.csv)), {
      auth: true,
      ...routeSchemas.adminImportRates,
    })
    .post(routes.adminSetRate.path, ({ db, body }) => asAdmin(db, (sql) => admin.setRate(sql, body)), {
      auth: true,
      ...routeSchemas.adminSetRate,
    })
    .put(routes.adminBlockPrefix.path, ({ db, params, body }) => asAdmin(db, (sql) => admin.blockPrefix(sql, params.prefix, body.reason)), {
      auth: true,
      ...routeSchemas.adminBlockPrefix,
    })
    .delete(routes.adminUnblockPrefix.path, ({ db, params }) => asAdmin(db, (sql) => admin.unblockPrefix(sql, params.prefix)), {
      auth: true,
      ...routeSchemas.adminUnblockPrefix,
    })
    .get(routes.adminAuditLog.path, ({ db, query }) => asAdmin(db, (sql) => admin.auditLog(sql, query.before)), {
      auth: true,
      ...routeSchemas.adminAuditLog,
    });
