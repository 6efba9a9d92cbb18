// The address book (spec §7 Contacts), every route as the signed-in user (RLS decides ownership):
//   GET    /api/contacts?search=    → Contact[] (favorites first, then by name; search: name, e-mail, number digits)
//   POST   /api/contacts            → 201 Contact (ContactInput; 400 validation_failed, 409 conflict)
//   PATCH  /api/contacts/{id}       → Contact (any subset of ContactInput; 404 'Contact not found')
//   DELETE /api/contacts/{id}       → 204 (soft delete)
//   POST   /api/contacts/from-call  → 201 Contact (ContactFromCallInput: quick save from Recent Calls)
// The shapes are the contract's schemas; the service then applies the form's rules to the values.
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { authPlugin, type AuthPluginOptions } from '../../auth/plugin.ts';
import {
  contactId,
  createContact,
  deleteContact,
  listContacts,
  parseContactInput,
  parseContactPatch,
  parseFromCall,
  updateContact,
} from './service.ts';

export const contacts = (options: AuthPluginOptions) =>
  new Elysia({ name: 'module.contacts' })
    .use(authPlugin(options))
    .get(routes.listContacts.path, ({ db, query }) => db.run((sql) => listContacts(sql, query.search, query.cursor)), {
      auth: true,
      ...routeSchemas.listContacts,
    })
    .post(
      routes.createContact.path,
      async ({ db, body, set }) => {
        const values = parseContactInput(body);
        const contact = await db.run((sql) => createContact(sql, values));
        set.status = 201;
        return contact;
      },
      { auth: true, ...routeSchemas.createContact },
    )
    .post(
      routes.saveContactFromCall.path,
      async ({ db, body, set }) => {
        const values = parseFromCall(body);
        const contact = await db.run((sql) => createContact(sql, values));
        set.status = 201;
        return contact;
      },
      { auth: true, ...routeSchemas.saveContactFromCall },
    )
    .patch(
      routes.updateContact.path,
      ({ db, body, params }) => {
        const id = contactId(params.id);
        const patch = parseContactPatch(body);
        return db.run((sql) => updateContact(sql, id, patch));
      },
      { auth: true, ...routeSchemas.updateContact },
    )
    .delete(
      routes.deleteContact.path,
      async ({ db, params, set }) => {
        const id = contactId(params.id);
        await db.run((sql) => deleteContact(sql, id));
        set.status = 204;
      },
      { auth: true, ...routeSchemas.deleteContact },
    );
