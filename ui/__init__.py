"""Shared drawing, widgets, text and storage for the site's pages."""
