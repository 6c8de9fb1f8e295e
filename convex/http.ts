import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { dataExportPreflight, downloadDataExport } from "./lib/data-export/download";
import { DATA_EXPORT_PATH } from "./shared/data-export";

const http = httpRouter();

// Convex Auth's routes: the JWKS and OpenID configuration that token verification reads,
// and the OAuth callbacks (Google, when configured).
auth.addHttpRoutes(http);

// "Download my data" (issue 30): the owner's ZIP, for an hour after it is ready.
http.route({ path: DATA_EXPORT_PATH, method: "GET", handler: downloadDataExport });
http.route({ path: DATA_EXPORT_PATH, method: "OPTIONS", handler: dataExportPreflight });

export default http;
