import { defineComponent } from "convex/server";
import tally from "../tally/convex.config";

// A component that schedules into its child "tally" (installed at "relay/tally").
const component = defineComponent("relay");
component.use(tally);

export default component;
