import { html } from './html.ts';
import type { SafeHtml } from './html.ts';
import { displayAccount } from '../common/account-number.ts';
import { SANDBOX_PASSWORD, sandboxUsers } from './users.ts';

/** What each scope grants, in bank-service.md's words, shown on the consent page. */
export const scopeDescriptions: Record<string, string> = {
  profile: 'user information such as age and gender',
  openid: 'verification of your identity on approval',
  customer: 'customer details such as name and national identification number',
  accounts: 'your accounts',
  payments: 'initiating domestic payments from your accounts',
};

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            max-width: 42rem;
            margin: 2rem auto;
            padding: 0 1rem;
            color: #1a1a1a;
          }
          label {
            display: block;
            margin-top: 0.75rem;
          }
          input {
            display: block;
            padding: 0.4rem;
            font-size: 1rem;
          }
          button {
            margin-top: 1rem;
            margin-right: 0.5rem;
            padding: 0.5rem 1.25rem;
            font-size: 1rem;
          }
          table {
            border-collapse: collapse;
            margin-top: 1.5rem;
            font-size: 0.9rem;
          }
          th,
          td {
            text-align: left;
            padding: 0.25rem 0.75rem 0.25rem 0;
            vertical-align: top;
          }
          .message {
            color: #a00000;
            font-weight: bold;
          }
          .banner {
            background: #fff4d6;
            padding: 0.5rem 0.75rem;
          }
        </style>
      </head>
      <body>
        <p class="banner">Local bank sandbox: no real bank, no real money.</p>
        ${body}
      </body>
    </html> `.value;
}

export function loginPage(options: {
  requestId: string;
  clientId: string;
  username?: string;
  /** The user was picked in the app's sandbox panel: the password is filled in too. */
  filled?: boolean;
  message?: string;
}): string {
  const rows = sandboxUsers.map(
    (user) =>
      html`<tr>
        <td><code>${user.username}</code></td>
        <td>${user.name}</td>
        <td>${user.kennitala}</td>
        <td>
          ${user.accounts.map(
            (account) =>
              html`<code>${displayAccount(account.id)}</code
                >${account.product === 'savings' ? ' (savings)' : ''}<br />`,
          )}
        </td>
        <td>${user.behaviour}</td>
      </tr>`,
  );
  return page(
    'Log in to the sandbox bank',
    html`<h1>Log in to the sandbox bank</h1>
      <p>The application <strong>${options.clientId}</strong> asks for access to your bank.</p>
      ${options.message === undefined ? undefined : html`<p class="message" role="alert">${options.message}</p>`}
      <form method="post" action="/as/login">
        <input type="hidden" name="request" value="${options.requestId}" />
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" value="${options.username ?? ''}" required />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          value="${options.filled ? SANDBOX_PASSWORD : ''}"
          required
        />
        <button type="submit">Log in</button>
      </form>
      <table>
        <caption>
          Sandbox users (password
          <code>${SANDBOX_PASSWORD}</code>
          for all)
        </caption>
        <thead>
          <tr>
            <th>username</th>
            <th>name</th>
            <th>kennitala</th>
            <th>accounts (add the first as your own in the app)</th>
            <th>what it triggers</th>
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>`,
  );
}

export function consentPage(options: { requestId: string; clientId: string; name: string; scopes: string[] }): string {
  const items = options.scopes.map(
    (scope) => html`<li><code>${scope}</code>: ${scopeDescriptions[scope] ?? scope}</li>`,
  );
  return page(
    'Grant access',
    html`<h1>Grant access</h1>
      <p>Logged in as <strong>${options.name}</strong>.</p>
      <p>The application <strong>${options.clientId}</strong> asks for:</p>
      <ul>
        ${items}
      </ul>
      <p>The access lasts 90 days unless you revoke it sooner.</p>
      <form method="post" action="/as/consent">
        <input type="hidden" name="request" value="${options.requestId}" />
        <button type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </form>`,
  );
}

export function errorPage(title: string, detail: string): string {
  return page(
    title,
    html`<h1>${title}</h1>
      <p>${detail}</p>`,
  );
}
