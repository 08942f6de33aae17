import { useTranslation } from "react-i18next";
import type { Toast } from "~/utils/session.server";
import * as s from "./layout.css";
import * as ui from "./ui.css";

/** Flash toasts at the top centre (spec §9); rendered by the server, so they show without JavaScript. */
export function Toasts({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  if (!toast) return null;
  return (
    <div className={s.toastRegion} role={toast.severity === "error" ? "alert" : "status"}>
      <div id="toast" className={`${s.toast} ${s.toastSeverity[toast.severity]}`} data-severity={toast.severity}>
        <p className={ui.flush}>
          <strong>{t(`toast.${toast.severity}`)}: </strong>
          {toast.message}
        </p>
        <a href="#main" className={s.toastClose} aria-label={t("toast.close")}>
          ✕
        </a>
      </div>
    </div>
  );
}
