# SPDX-License-Identifier: MIT
# tests/contact: what the contact commands share (one folder per paper below,
# as in src/contact: witness/, polyhedra/, scaling/, potential/).
# Every contact table in one command.
TESTS += tests/contact/make-contact-tables.sh
EXTRA_DIST += tests/contact/make-contact-tables.sh
# The output of the contact commands: %.17g, help, messages, statuses (issue 33).
TESTS += tests/contact/contact-output.sh
EXTRA_DIST += tests/contact/contact-output.sh
