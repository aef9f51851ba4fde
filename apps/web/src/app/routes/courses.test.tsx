import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { makeLocation, renderWithProviders } from '@/test/render-with-providers';
import { Component as CoursesPage } from './courses';

const learningSite = 'https://learn.rivertonchamber.example/catalog';

describe('/courses', () => {
  it('stays the placeholder while the chamber names no learning site', () => {
    stubApi({});
    renderWithProviders(<CoursesPage />, { chamber: { location: makeLocation() } });
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeTruthy();
    expect(
      screen.getByText(
        'Discounted education courses for members, offered quarterly. The course catalogue opens here soon.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the calendar' }).getAttribute('href')).toBe(
      '/calendar',
    );
    expect(document.querySelector(`a[href^="https:"]`)).toBeNull();
  });

  it('links to the learning site in a new tab once one is set', () => {
    stubApi({});
    renderWithProviders(<CoursesPage />, {
      chamber: { location: makeLocation({ coursesUrl: learningSite }) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeTruthy();
    expect(screen.queryByText(/The course catalogue opens here soon/)).toBeNull();
    expect(screen.getByText('learn.rivertonchamber.example')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Go to the courses (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(learningSite);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('waits for the chamber’s record instead of flashing the placeholder', () => {
    stubApi({});
    renderWithProviders(<CoursesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the courses');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the placeholder when the record cannot be loaded', () => {
    stubApi({});
    renderWithProviders(<CoursesPage />, {
      chamber: { locationError: 'Failed to fetch location info' },
    });
    expect(screen.getByText(/The course catalogue opens here soon/)).toBeTruthy();
  });
});
