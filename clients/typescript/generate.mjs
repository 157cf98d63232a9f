// Writes src/openapi.ts, the types of ../../openapi.yaml, with
// openapi-typescript (`npm run generate`).
//
// One change to the spec first, in memory: an object schema whose oneOf or
// anyOf branches only list required properties ("exactly one of puzzle and
// grid", "at least one of ids and generate") gets branches that restate
// those properties, and an anyOf becomes such a oneOf. openapi-typescript
// then types the object as its properties & ({puzzle: …} | {grid: …}),
// which says what a request needs; left alone it turns each branch into
// `unknown`, which in an anyOf swallows the whole type.
import { readFileSync, writeFileSync } from "node:fs";
import yaml from "js-yaml";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

const spec = yaml.load(readFileSync(new URL("../../openapi.yaml", import.meta.url), "utf8"));
for (const schema of Object.values(spec.components.schemas)) {
  restateRequired(schema);
}

function restateRequired(schema) {
  for (const key of ["oneOf", "anyOf"]) {
    const branches = schema[key];
    if (schema.properties === undefined || !Array.isArray(branches)) continue;
    if (key === "anyOf" && schema.oneOf !== undefined) continue;
    const requiredOnly = branches.every(
      (b) => Array.isArray(b.required) && Object.keys(b).every((k) => k === "required" || k === "properties"),
    );
    if (!requiredOnly) continue;
    delete schema[key];
    schema.oneOf = branches.map((b) => ({
      required: b.required,
      properties: Object.fromEntries(b.required.map((name) => [name, schema.properties[name]])),
    }));
  }
}

const ast = await openapiTS(spec, { defaultNonNullable: false });
writeFileSync(new URL("src/openapi.ts", import.meta.url), COMMENT_HEADER + astToString(ast));
