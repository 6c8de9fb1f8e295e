/**
 * Command-line options shared by `npm start` and `npm run dev`:
 *   --port N   (or --port=N; env PORT)   default 3210
 *   --data DIR (or --data=DIR)           default .data
 *   --allow-origin URL (repeatable)      another web origin whose pages may call the backend
 *   --redact-errors                      clients get "Server Error" only, like on a production deployment
 * Parsing never exits the process: it returns the options or a one-line problem to print.
 */
export const DEFAULT_PORT = 3210;
export const DEFAULT_DATA_DIR = ".data";

export type CliOptions = {
  port: number;
  dataDir: string;
  allowedOrigins: string[];
  redactErrors: boolean;
  help: boolean;
};
export type ParsedArgs = { ok: true; options: CliOptions } | { ok: false; problem: string };

export const USAGE =
  "Options: --port N (default 3210, or env PORT), --data DIR (default .data), --allow-origin URL (pages there may call the backend; repeatable), --redact-errors (error texts stay in the server log, as on a production deployment)";

export function parseCliArgs(argv: readonly string[], env: Record<string, string | undefined>): ParsedArgs {
  let portText = env.PORT !== undefined && env.PORT !== "" ? env.PORT : undefined;
  let portSource = "PORT";
  let dataDir = DEFAULT_DATA_DIR;
  const allowedOrigins: string[] = [];
  let help = false;
  let redactErrors = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? "";
    if (argument === "--help" || argument === "-h") {
      help = true;
      continue;
    }
    if (argument === "--redact-errors") {
      redactErrors = true;
      continue;
    }
    const [name, inlineValue] = splitOption(argument);
    if (name !== "--port" && name !== "--data" && name !== "--allow-origin") {
      return { ok: false, problem: `Unknown option ${argument}. ${USAGE}` };
    }
    const value = inlineValue ?? argv[++index];
    if (value === undefined || value === "" || (inlineValue === undefined && value.startsWith("--"))) {
      return { ok: false, problem: `${name} needs a value. ${USAGE}` };
    }
    if (name === "--port") {
      portText = value;
      portSource = "--port";
    } else if (name === "--allow-origin") {
      const origin = webOrigin(value);
      if (origin === null) return { ok: false, problem: `--allow-origin needs an http(s) address, not "${value}".` };
      allowedOrigins.push(origin);
    } else {
      dataDir = value;
    }
  }
  const port = portText === undefined ? DEFAULT_PORT : parsePort(portText);
  if (port === null) {
    return { ok: false, problem: `${portSource} must be a whole number from 1 to 65535, not "${portText}".` };
  }
  return { ok: true, options: { port, dataDir, allowedOrigins, redactErrors, help } };
}

/** "https://app.example:8443/x" → "https://app.example:8443"; null for anything not http(s). */
function webOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

function splitOption(argument: string): [string, string | undefined] {
  const equals = argument.indexOf("=");
  return equals === -1 ? [argument, undefined] : [argument.slice(0, equals), argument.slice(equals + 1)];
}

function parsePort(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : null;
}
