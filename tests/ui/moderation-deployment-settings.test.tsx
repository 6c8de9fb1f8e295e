import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DeploymentSettingsNotice } from "@/features/moderation/components/deployment-settings-notice";
import { api } from "@convex/_generated/api";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));

const convex = createConvexMock();

describe("the deployment settings notice on /moderation", () => {
  it("names each missing setting and what goes wrong without it", () => {
    convex.onQuery(api.deploymentSettings.problems, [
      { setting: "SITE_URL", problem: "Links in mails need the app's address." },
      { setting: "AUTH_EMAIL_FROM", problem: "Mail needs a sender on a verified domain." },
    ]);
    renderWithApp(<DeploymentSettingsNotice />);
    const notice = screen.getByRole("region", { name: "Mail is not being sent" });
    expect(notice).toHaveTextContent("SITE_URL: Links in mails need the app's address.");
    expect(notice).toHaveTextContent("AUTH_EMAIL_FROM: Mail needs a sender on a verified domain.");
  });

  it("shows nothing while every setting is there, or while it loads", () => {
    convex.onQuery(api.deploymentSettings.problems, []);
    const { container } = renderWithApp(<DeploymentSettingsNotice />);
    expect(container).toBeEmptyDOMElement();
  });
});
