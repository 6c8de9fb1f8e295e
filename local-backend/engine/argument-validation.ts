/**
 * Checks a client's arguments against the function's `args` validator the way a Convex
 * deployment does, with its messages (ArgumentValidationError: …, the path to the bad value, the
 * value and the validator printed as Convex prints them), so a call that a deployment refuses is
 * refused here with the same text. convex-test's own check says "Validator error: …".
 */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { tableOfId } from "./convex-test-internals";

/** A validator as `exportArgs()` serializes it. */
type ValidatorJson =
  | { type: "null" | "number" | "bigint" | "boolean" | "string" | "bytes" | "any" }
  | { type: "literal"; value: JSONValue }
  | { type: "id"; tableName: string }
  | { type: "array"; value: ValidatorJson }
  | { type: "record"; keys: ValidatorJson; values: FieldJson }
  | { type: "object"; value: Record<string, FieldJson> }
  | { type: "union"; value: ValidatorJson[] };

type FieldJson = { fieldType: ValidatorJson; optional: boolean };

/** The error message for `args`, or null when they match `exportedArgs` (the function's `exportArgs()`). */
export function argumentValidationError(exportedArgs: string, args: Value): string | null {
  const problem = check(validatorOf(exportedArgs), args, "");
  return problem === null ? null : `ArgumentValidationError: ${problem}`;
}

/** Whether `value` matches a validator as `exportArgs()`/`exportReturns()` serialize it. */
export function valueMatchesValidator(exportedValidator: string, value: Value): boolean {
  return check(validatorOf(exportedValidator), value, "") === null;
}

/** Validators parsed once: every call of a function checks its arguments (one text per function). */
const parsedValidators = new Map<string, ValidatorJson>();

function validatorOf(text: string): ValidatorJson {
  let validator = parsedValidators.get(text);
  if (validator === undefined) {
    validator = JSON.parse(text) as ValidatorJson;
    parsedValidators.set(text, validator);
  }
  return validator;
}

function check(validator: ValidatorJson, value: Value | undefined, path: string): string | null {
  switch (validator.type) {
    case "any":
      return null;
    case "object":
      return isPlainObject(value) ? checkObject(validator, value, path) : mismatch(validator, value, path);
    case "array": {
      if (!Array.isArray(value)) return mismatch(validator, value, path);
      for (const [index, element] of value.entries()) {
        const problem = check(validator.value, element, `${path}[${index}]`);
        if (problem !== null) return problem;
      }
      return null;
    }
    case "record": {
      if (!isPlainObject(value)) return mismatch(validator, value, path);
      for (const [key, field] of Object.entries(value)) {
        if (field === undefined) continue;
        const keyProblem = check(validator.keys, key, path);
        if (keyProblem !== null) return keyProblem;
        const problem = check(validator.values.fieldType, field, `${path}.${key}`);
        if (problem !== null) return problem;
      }
      return null;
    }
    case "union":
      return validator.value.some((member) => check(member, value, path) === null)
        ? null
        : mismatch(validator, value, path);
    default:
      return matchesScalar(validator, value) ? null : mismatch(validator, value, path);
  }
}

function checkObject(
  validator: { type: "object"; value: Record<string, FieldJson> },
  value: Record<string, Value | undefined>,
  path: string,
): string | null {
  const context = () =>
    `\n\n${path === "" ? "" : `Path: ${path}\n`}Object: ${showValue(value)}\nValidator: ${showValidator(validator)}`;
  for (const key of Object.keys(value).sort()) {
    if (value[key] !== undefined && !(key in validator.value)) {
      return `Object contains extra field \`${key}\` that is not in the validator.${context()}`;
    }
  }
  for (const [key, field] of Object.entries(validator.value).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value[key] === undefined) {
      if (field.optional) continue;
      return (
        `Object is missing the required field \`${key}\`. Consider wrapping the field validator in ` +
        `\`v.optional(...)\` if this is expected.${context()}`
      );
    }
    const problem = check(field.fieldType, value[key], `${path}.${key}`);
    if (problem !== null) return problem;
  }
  return null;
}

function matchesScalar(validator: ValidatorJson, value: Value | undefined): boolean {
  switch (validator.type) {
    case "null":
      return value === null;
    case "number":
      return typeof value === "number";
    case "bigint":
      return typeof value === "bigint";
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "bytes":
      return value instanceof ArrayBuffer;
    case "literal": {
      const expected = jsonToConvex(validator.value);
      return typeof expected === "number" && typeof value === "number"
        ? Object.is(expected, value) || expected === value
        : expected === value;
    }
    case "id":
      // Ids here are "<digits><table>" (see convex-test-internals): the table must match.
      return typeof value === "string" && /^[0-9]/.test(value) && tableOfId(value) === validator.tableName;
    default:
      return false;
  }
}

function mismatch(validator: ValidatorJson, value: Value | undefined, path: string): string {
  return `Value does not match validator.\nPath: ${path === "" ? "." : path}\nValue: ${showValue(value)}\nValidator: ${showValidator(validator)}`;
}

function isPlainObject(value: Value | undefined): value is Record<string, Value | undefined> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

/** A value as Convex prints it: floats always with a decimal point, object keys sorted and bare. */
export function showValue(value: Value | undefined): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "number") return showFloat(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (value instanceof ArrayBuffer) return `b"${Buffer.from(value).toString("base64")}"`;
  if (Array.isArray(value)) return `[${value.map(showValue).join(", ")}]`;
  const fields = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, field]) => `${key}: ${showValue(field)}`);
  return `{${fields.join(", ")}}`;
}

function showFloat(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? value.toFixed(1) : String(value);
}

/** A validator as Convex prints it: `v.object({a: v.string(), b: v.optional(v.float64())})`. */
export function showValidator(validator: ValidatorJson): string {
  switch (validator.type) {
    case "null":
      return "v.null()";
    case "number":
      return "v.float64()";
    case "bigint":
      return "v.int64()";
    case "boolean":
      return "v.boolean()";
    case "string":
      return "v.string()";
    case "bytes":
      return "v.bytes()";
    case "any":
      return "v.any()";
    case "literal":
      return `v.literal(${showLiteral(jsonToConvex(validator.value))})`;
    case "id":
      return `v.id(${JSON.stringify(validator.tableName)})`;
    case "array":
      return `v.array(${showValidator(validator.value)})`;
    case "record":
      return `v.record(${showValidator(validator.keys)}, ${showField(validator.values)})`;
    case "union":
      return `v.union(${validator.value.map(showValidator).join(", ")})`;
    case "object": {
      const fields = Object.entries(validator.value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, field]) => `${key}: ${showField(field)}`);
      return `v.object({${fields.join(", ")}})`;
    }
  }
}

function showField(field: FieldJson): string {
  return field.optional ? `v.optional(${showValidator(field.fieldType)})` : showValidator(field.fieldType);
}

function showLiteral(value: Value): string {
  return typeof value === "bigint" ? String(value) : JSON.stringify(value);
}
