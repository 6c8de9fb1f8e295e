import migrations from "@convex-dev/migrations/convex.config";
import presence from "@convex-dev/presence/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import resend from "@convex-dev/resend/convex.config";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import { defineApp } from "convex/server";

const app = defineApp();
app.use(rateLimiter);
app.use(presence);
app.use(shardedCounter);
app.use(migrations);
// Outgoing mail on a deployment (lib/mail.ts): queued, batched, retried and idempotent.
app.use(resend);

export default app;
