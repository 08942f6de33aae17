import type { z } from "zod";
import { achievementSchema, pathwaySchema, portfolioSchema } from "./applicant";
import {
  citizenSignUpSchema,
  emailOnlySchema,
  foreignSignUpSchema,
  loginSchema,
  passwordChangeSchema,
  resetPasswordSchema,
  wnaWelcomeSchema,
} from "./accounts";
import { additionalRequestSchema } from "./additional";
import { REFERENCE_SCHEMAS, committeeSchema, reasonSchema, slaSchema, staffCreateSchema, staffUpdateSchema } from "./admin";
import { facilityAdminCreateSchema, facilityVerifySchema } from "./admin-facilities";
import { deletionDecisionSchema, deletionRequestSchema } from "./deletion-requests";
import { letterVerifySchema } from "./letters";
import { announcementSchema, faqSchema, navbarLinksSchema, testScheduleSchema, welcomeSchema } from "./cms";
import { facilityDataSchema, facilitySignUpSchema } from "./facility";
import { profileFormSchema } from "./profile";
import { pathwayChoiceSchema, registrationFormSchema } from "./registration";
import { decisionFormSchema } from "./review";

// Every form the portal renders, by the name of its module of rules, ./live/<name>.generated.ts
// (scripts/form-constraints.ts writes those modules; constraints.test.ts checks them). Server and tests only.
export const FORM_SCHEMAS = {
  login: loginSchema,
  citizenSignUp: citizenSignUpSchema,
  wnaWelcome: wnaWelcomeSchema,
  foreignSignUp: foreignSignUpSchema,
  emailOnly: emailOnlySchema,
  resetPassword: resetPasswordSchema,
  passwordChange: passwordChangeSchema,
  facilitySignUp: facilitySignUpSchema,
  facilityData: facilityDataSchema,
  facilityAdminCreate: facilityAdminCreateSchema,
  facilityVerify: facilityVerifySchema,
  deletionRequest: deletionRequestSchema,
  deletionDecision: deletionDecisionSchema,
  letterVerify: letterVerifySchema,
  staffCreate: staffCreateSchema,
  staffUpdate: staffUpdateSchema,
  reason: reasonSchema,
  sla: slaSchema,
  committee: committeeSchema,
  // One entry per reference kind, named as the kind: CONSTRAINTS[kind].
  ...REFERENCE_SCHEMAS,
  welcome: welcomeSchema,
  navbarLinks: navbarLinksSchema,
  faq: faqSchema,
  announcement: announcementSchema,
  testSchedule: testScheduleSchema,
  profile: profileFormSchema,
  pathwayChoice: pathwayChoiceSchema,
  registration: registrationFormSchema,
  decision: decisionFormSchema,
  additionalRequest: additionalRequestSchema,
  portfolio: portfolioSchema,
  achievement: achievementSchema,
  pathway: pathwaySchema,
} satisfies Record<string, z.ZodType>;

export type FormName = keyof typeof FORM_SCHEMAS;

/**
 * The fields of a form, to type conform's useForm (type-only: the browser never loads this module). A
 * schema wrapped by confirmed() has an unknown input, so its output names the fields instead.
 */
export type FormInput<N extends FormName> =
  z.input<(typeof FORM_SCHEMAS)[N]> extends Record<string, unknown> ? z.input<(typeof FORM_SCHEMAS)[N]> : z.output<(typeof FORM_SCHEMAS)[N]>;
