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
    ReadRegStr $0 HKCU "${A2A_LINK_KEY}\shell\open\command" ""
    StrCpy $2 '"$INSTDIR\${APP_EXECUTABLE_FILENAME}"'
    StrLen $1 $2
    StrCpy $1 $0 $1
    ; StrCmp ignores case, as Windows paths do.
    StrCmp $1 $2 0 +2
      DeleteRegKey HKCU "${A2A_LINK_KEY}"
    Pop $2
    Pop $1
    Pop $0
  ${endIf}
!macroend
