// The Supabase Auth stand-in as its own process (`bun packages/simulators/auth/src/server.ts`, started by
// `bun run dev` and `bun run start` while SUPABASE_URL is unset): GoTrue's endpoints under /auth/v1 on the port of
// AUTH_STAND_IN_URL (default http://localhost:3010), where the browser's supabase-js and the api's admin client reach
// it as they reach a Supabase project. Its tokens' issuer is AUTH_STAND_IN_URL/auth/v1; the api checks them with
// its published keys. Like GoTrue it keeps its users in the product's database: DATABASE_URL, or the api's embedded
// PGlite on its socket in DATA_DIR (database.ts). Its signing key is DATA_DIR/auth/signing-key.json; it leaves the
// service_role key for the api's admin client in DATA_DIR/auth/service-role-key. E-mail (the links of an e-mail
// change) goes to SMTP_URL, else to DATA_DIR/mail. Its rate limits (AUTH_*) are counted in its own memory: it is one
// process. Behind proxies of yours, TRUSTED_PROXY_HOPS says which X-Forwarded-For entry is the client.
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { createMailer, loadMailConfig } from '@ringwise/mail';
import { clientAddress } from '@ringwise/rate-limits/client-address';
import { wholeNumber } from '@ringwise/rate-limits/env';
import { createLimiter } from '@ringwise/rate-limits/limiter';
import { createMemoryRateLimitStore } from '@ringwise/rate-limits/memory-store';
import { read, serveStandIn, standInSettings } from '@ringwise/simulator-common/stand-in-process';
import { connectAuthDatabase } from './database.ts';
import { authStandIn } from './index.ts';
import { loadOrCreateSigningKey } from './keys.ts';
import { loadAuthLimits } from './limits-config.ts';
import { issueServiceRoleKey, serviceRoleKeyFileName, writeServiceRoleKey } from './service-role.ts';

const env = process.env;
const { url, publicUrl, dataDir } = standInSettings('auth', env);
const databaseUrl = read(env, 'DATABASE_URL');
const trustedProxyHops = wholeNumber(env, 'TRUSTED_PROXY_HOPS', 0, 10, (message) => new Error(message)) ?? 0;

const signingKey = await loadOrCreateSigningKey(join(dataDir, 'auth', 'signing-key.json'));
writeServiceRoleKey(join(dataDir, 'auth', serviceRoleKeyFileName), await issueServiceRoleKey(signingKey));
const db = connectAuthDatabase(databaseUrl ? { url: databaseUrl } : { socketDir: dataDir });
const mailer = createMailer(loadMailConfig(env, { dataDir, publicUrl }));

serveStandIn({
  label: 'Supabase Auth stand-in',
  url,
  app: new Elysia().use(
    authStandIn({
      db,
      issuer: `${url}/auth/v1`,
      signingKey,
      limiter: createLimiter(createMemoryRateLimitStore()),
      limits: loadAuthLimits(env),
      clientAddress: (request, server) => clientAddress(request, server, trustedProxyHops),
      siteUrl: publicUrl,
      mailer,
    }),
  ),
  stop: () => db.close(),
});
