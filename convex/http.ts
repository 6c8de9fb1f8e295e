import { httpRouter } from "convex/server";
import { auth } from "./auth";

const http = httpRouter();

// Convex Auth's routes: the JWKS and OpenID configuration that token verification reads,
// and the OAuth callbacks (Google, when configured).
auth.addHttpRoutes(http);

export default http;
