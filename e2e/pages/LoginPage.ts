/** Page object for the login screen. */
import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly email = () => this.page.locator('input[name="email"]');
  readonly password = () => this.page.locator('input[name="password"]');
  readonly submit = () => this.page.locator('form button[type="submit"]');
  readonly error = () => this.page.getByRole('alert');

  async open() {
    await this.page.goto('/');
    await this.email().waitFor();
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }
}
