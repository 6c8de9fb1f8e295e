import { defineApp } from "convex/server";
import relay from "../relay/convex.config";

const app = defineApp();
app.use(relay);

export default app;
