;;; probe.el --- runs inside `emacs --batch -l probe.el FILE...' -*- lexical-binding: t -*-
;;
;; Does what an interactive start does before the init file and --batch skips (activate the
;; installed packages, such as Debian's elpa-eglot), loads the configuration of docs/other-editors.md from
;; $CAMPAIGN_PROBE_CONFIG, opens every file as a person would, waits (with accept-process-output,
;; Emacs's own wait for its subprocesses) until each file named in $CAMPAIGN_PROBE_CHECKED has
;; Flymake diagnostics, and writes what Emacs holds for every file to $CAMPAIGN_PROBE_OUT as JSON.

(require 'cl-lib)
(require 'json)
(package-activate-all)
(load (getenv "CAMPAIGN_PROBE_CONFIG") nil t)

(defvar probe-buffers nil "(FILE . BUFFER) for each file opened.")
(let ((start default-directory))
  (dolist (file command-line-args-left)
    (let ((path (expand-file-name file start)))
      (push (cons path (find-file path)) probe-buffers)
      ;; What the command loop and redisplay do after a command, and --batch does not: run
      ;; post-command-hook (eglot-ensure connects there) and, the buffer being shown in a window
      ;; now, window-configuration-change-hook (Flymake starts there for a buffer that was not).
      (run-hooks 'post-command-hook)
      (run-window-configuration-change-hook))))
(setq command-line-args-left nil)

(defun probe-diagnostics (buffer)
  (with-current-buffer buffer (and (bound-and-true-p flymake-mode) (flymake-diagnostics))))

(defun probe-done-p (checked)
  (cl-every (lambda (file) (probe-diagnostics (cdr (assoc file probe-buffers)))) checked))

(let* ((checked (append (json-read-from-string (getenv "CAMPAIGN_PROBE_CHECKED")) nil))
       (timeout (/ (string-to-number (getenv "CAMPAIGN_PROBE_TIMEOUT_MS")) 1000.0))
       (waited (with-timeout (timeout nil)
                 (while (not (probe-done-p checked)) (accept-process-output nil 0.02))
                 t)))
  (with-temp-file (getenv "CAMPAIGN_PROBE_OUT")
    (insert
     (json-encode
      `((editor . ,emacs-version)
        (eglot . ,(or (locate-library "eglot") :json-false))
        (waited . ,(if waited t :json-false))
        (files . ,(mapcar
                   (lambda (entry)
                     (with-current-buffer (cdr entry)
                       (cons (car entry)
                             `((mode . ,(symbol-name major-mode))
                               (managed . ,(if (and (fboundp 'eglot-current-server) (eglot-current-server)) t :json-false))
                               (diagnostics
                                . ,(vconcat
                                    (mapcar (lambda (d)
                                              (save-excursion
                                                (goto-char (flymake-diagnostic-beg d))
                                                `((text . ,(flymake-diagnostic-text d))
                                                  (type . ,(symbol-name (flymake-diagnostic-type d)))
                                                  (line . ,(1- (line-number-at-pos)))
                                                  (column . ,(current-column)))))
                                            (probe-diagnostics (current-buffer)))))))))
                   probe-buffers))))))
  ;; The server may still be asking something (workspace/configuration for the last file): a reply
  ;; sent while Emacs is being killed fails and makes it exit 255. Done reading, end the
  ;; connections first, without answering.
  (dolist (process (process-list))
    (set-process-filter process #'ignore)
    (delete-process process))
  (kill-emacs 0))
