// The /api reference itself (src/openapi.ts builds it from the route table and these schemas):
//   GET /api/openapi.json → the OpenAPI 3.1 document of every /api route and the webhooks
//   GET /api/docs         → the same reference as one HTML page (no scripts, no assets from elsewhere)
import { Type } from '@sinclair/typebox';

/** The outline of an OpenAPI 3.1 document; its full shape is the OpenAPI specification's. */
export const OpenApiDocument = Type.Object(
  {
    openapi: Type.String({ description: 'The OpenAPI version, 3.1.x', examples: ['3.1.0'] }),
    info: Type.Object({ title: Type.String(), version: Type.String() }),
    paths: Type.Record(Type.String(), Type.Unknown()),
  },
  { description: 'An OpenAPI 3.1 document', additionalProperties: true },
);

export const referenceSchemas = {
  openApiDocument: { response: { 200: OpenApiDocument } },
  apiReference: { response: { 200: Type.String({ description: 'An HTML page' }) } },
};
