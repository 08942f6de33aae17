import { style } from "@vanilla-extract/css";

// One record of the access log: long names and registration numbers break anywhere rather than widen a phone's page.
export const line = style({ overflowWrap: "anywhere", marginBottom: 0 });
