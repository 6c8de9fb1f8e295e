// Convex Auth issues its own JWTs; the deployment's site URL is their issuer.
export default {
  providers: [
    {
      domain: process.env.CONVEX_SITE_URL,
      applicationID: "convex",
    },
  ],
};
