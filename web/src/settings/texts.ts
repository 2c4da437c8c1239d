/** Every text of the settings page (/settings). */
export const settingsTexts = {
  pageTitle: 'Settings · Tickscribe',
  heading: 'Settings',
  intro: 'Manage your profile, password and session.',

  profile: {
    heading: 'Profile Settings',
    fullName: 'Full Name',
    email: 'Email',
    emailHint: 'Your email address is used to log in and cannot be changed here.',
    language: 'Language',
    english: 'English',
    save: 'Save Changes',
    saving: 'Saving...',
    saved: 'Profile updated successfully!',
    failed: 'Failed to update profile. Please try again.',
  },

  security: {
    heading: 'Account Security',
    changePasswordHeading: 'Change Password',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    passwordHint: 'At least 6 characters',
    submit: 'Change Password',
    submitting: 'Changing...',
    allRequired: 'Please fill in all password fields.',
    mismatch: 'New passwords do not match.',
    tooShort: 'New password must be at least 6 characters long.',
    changed: 'Password changed successfully!',
    failed: 'Failed to change password',
  },

  actions: {
    heading: 'Account Actions',
    logoutIntro: 'Log out of Tickscribe on this device.',
    logout: 'Log Out',
    loggingOut: 'Logging out...',
    logoutFailed: 'Failed to log out. Please try again.',
  },
} as const;

/** The spec's "Business constants and limits": the simulated profile save. */
export const PROFILE_SAVE_MS = 1000;
