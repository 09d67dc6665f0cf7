; Included by electron-builder's NSIS installer and uninstaller (electron-builder.yml `nsis.include`; issue 27).
;
; The app is the handler of a2a-wallet: links (payment requests). On Windows nothing but the app registered them, at
; its first start (setAsDefaultProtocolClient), and nothing removed them: after an uninstall a link started a program
; that was gone. The installer now writes the same per-user keys Electron writes, so links work before the first
; start, and the uninstaller deletes them.
;
; The scheme is common/payment-request.ts's PAYMENT_REQUEST_SCHEME (test/packaging/builder-config.test.ts keeps them
; equal); a vendor build has the same scheme and its own executable, which electron-builder defines as
; APP_EXECUTABLE_FILENAME.

!define A2A_LINK_SCHEME "a2a-wallet"
!define A2A_LINK_KEY "Software\Classes\${A2A_LINK_SCHEME}"

; Electron 45 registers the app as the COM server of its toast activator, so a click on a toast in the Action Center
; reaches it: HKCU\Software\Classes\CLSID\{id}, LocalServer32 = the app's exe (issue 39, item 6). The app fixes the
; id as this installer's APP_GUID (main/platform/toast-activator.ts; electron-builder defines APP_GUID from the appId),
; so the uninstaller knows it. A build from before that registered a random id, which Electron then kept from the
; Start-menu shortcut: the uninstaller also removes every per-user class whose LocalServer32 is this installation's
; exe, and no other.
!define A2A_CLSID_ROOT "Software\Classes\CLSID"

!macro customInstall
  ; HKCU: the installer is per user (nsis.perMachine: false) and so is the app's own registration.
  WriteRegStr HKCU "${A2A_LINK_KEY}" "" "URL:${A2A_LINK_SCHEME}"
  WriteRegStr HKCU "${A2A_LINK_KEY}" "URL Protocol" ""
  WriteRegStr HKCU "${A2A_LINK_KEY}\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKCU "${A2A_LINK_KEY}\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  ; An update runs the old uninstaller before installing: the key stays, and customInstall writes it again. A real
  ; uninstall deletes it, but only while it still starts this installation's executable: a vendor's tester build and
  ; its customer build share the scheme, and removing one must not take the links from the other.
  ${ifNot} ${isUpdated}
    Push $0
    Push $1
    Push $2
    Push $3
    ReadRegStr $0 HKCU "${A2A_LINK_KEY}\shell\open\command" ""
    StrCpy $2 '"$INSTDIR\${APP_EXECUTABLE_FILENAME}"'
    StrLen $1 $2
    StrCpy $1 $0 $1
    ; StrCmp ignores case, as Windows paths do.
    StrCmp $1 $2 0 +2
      DeleteRegKey HKCU "${A2A_LINK_KEY}"

    ; The toast activator: its fixed key, if it starts this installation, then any other that does.
    StrCpy $2 "$INSTDIR\${APP_EXECUTABLE_FILENAME}"
    ReadRegStr $0 HKCU "${A2A_CLSID_ROOT}\{${APP_GUID}}\LocalServer32" ""
    StrCmp $0 $2 0 +2
      DeleteRegKey HKCU "${A2A_CLSID_ROOT}\{${APP_GUID}}"
    StrCpy $0 0
    a2aToastActivatorNext:
      EnumRegKey $1 HKCU "${A2A_CLSID_ROOT}" $0
      StrCmp $1 "" a2aToastActivatorDone
      ReadRegStr $3 HKCU "${A2A_CLSID_ROOT}\$1\LocalServer32" ""
      ; StrCmp ignores case, as Windows paths do. A key deleted moves the next one to this index: read it again.
      StrCmp $3 $2 0 +3
        DeleteRegKey HKCU "${A2A_CLSID_ROOT}\$1"
        Goto a2aToastActivatorNext
      IntOp $0 $0 + 1
      Goto a2aToastActivatorNext
    a2aToastActivatorDone:
    Pop $3
    Pop $2
    Pop $1
    Pop $0
  ${endIf}
!macroend
