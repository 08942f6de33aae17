import { createRouter } from "../../http/router";
import * as usersHandlers from "./users.handlers";
import * as usersRoutes from "./users.routes";
import * as slaHandlers from "./sla.handlers";
import * as slaRoutes from "./sla.routes";
import * as referenceHandlers from "./reference.handlers";
import * as referenceRoutes from "./reference.routes";
import * as facilitiesHandlers from "./facilities.handlers";
import * as facilitiesRoutes from "./facilities.routes";
import * as mailHandlers from "./mail.handlers";
import * as mailRoutes from "./mail.routes";

// Administration: staff accounts, the SLA, the reference lists and the facility admins with their
// verification (/admin-fasyankes-list), the mails that failed for good (/mail-outbox).
export const adminRouter = createRouter()
  .openapi(usersRoutes.listUsers, usersHandlers.listUsers)
  .openapi(usersRoutes.createUser, usersHandlers.createUser)
  .openapi(usersRoutes.getUser, usersHandlers.getUser)
  .openapi(usersRoutes.updateUser, usersHandlers.updateUser)
  .openapi(usersRoutes.deactivateUser, usersHandlers.deactivateUser)
  .openapi(usersRoutes.reactivateUser, usersHandlers.reactivateUser)
  .openapi(usersRoutes.sendPasswordReset, usersHandlers.sendPasswordReset)
  .openapi(slaRoutes.getSla, slaHandlers.getSla)
  .openapi(slaRoutes.putSla, slaHandlers.putSla)
  .openapi(slaRoutes.putCommitteeName, slaHandlers.putCommitteeName)
  .openapi(referenceRoutes.positionOptions, referenceHandlers.positionOptions)
  .openapi(referenceRoutes.specializations.list, referenceHandlers.specializations.list)
  .openapi(referenceRoutes.specializations.create, referenceHandlers.specializations.create)
  .openapi(referenceRoutes.specializations.get, referenceHandlers.specializations.get)
  .openapi(referenceRoutes.specializations.update, referenceHandlers.specializations.update)
  .openapi(referenceRoutes.specializations.deactivate, referenceHandlers.specializations.deactivate)
  .openapi(referenceRoutes.specializations.activate, referenceHandlers.specializations.activate)
  .openapi(referenceRoutes.specializations.remove, referenceHandlers.specializations.remove)
  .openapi(referenceRoutes.institutions.list, referenceHandlers.institutions.list)
  .openapi(referenceRoutes.institutions.create, referenceHandlers.institutions.create)
  .openapi(referenceRoutes.institutions.get, referenceHandlers.institutions.get)
  .openapi(referenceRoutes.institutions.update, referenceHandlers.institutions.update)
  .openapi(referenceRoutes.institutions.deactivate, referenceHandlers.institutions.deactivate)
  .openapi(referenceRoutes.institutions.activate, referenceHandlers.institutions.activate)
  .openapi(referenceRoutes.institutions.remove, referenceHandlers.institutions.remove)
  .openapi(referenceRoutes.positions.list, referenceHandlers.positions.list)
  .openapi(referenceRoutes.positions.create, referenceHandlers.positions.create)
  .openapi(referenceRoutes.positions.get, referenceHandlers.positions.get)
  .openapi(referenceRoutes.positions.update, referenceHandlers.positions.update)
  .openapi(referenceRoutes.positions.deactivate, referenceHandlers.positions.deactivate)
  .openapi(referenceRoutes.positions.activate, referenceHandlers.positions.activate)
  .openapi(referenceRoutes.positions.remove, referenceHandlers.positions.remove)
  .openapi(facilitiesRoutes.listFacilities, facilitiesHandlers.listFacilities)
  .openapi(facilitiesRoutes.createFacility, facilitiesHandlers.createFacility)
  .openapi(facilitiesRoutes.getFacility, facilitiesHandlers.getFacility)
  .openapi(facilitiesRoutes.verifyFacility, facilitiesHandlers.verifyFacility)
  .openapi(mailRoutes.listFailedMails, mailHandlers.listFailedMails)
  .openapi(mailRoutes.mailDelivery, mailHandlers.mailDelivery)
  .openapi(mailRoutes.resendFailedMail, mailHandlers.resendFailedMail);
