"""One module (or a logic/view pair) per page of the site; a page never imports another page."""
