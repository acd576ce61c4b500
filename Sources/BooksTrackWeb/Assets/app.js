// BooksTrack: small enhancements only. Every page works without this file.
(function () {
    "use strict";

    // A form is sent once: a second click while the first submission is on its way is ignored
    // (SPEC §6: double submits). The busy label tells the reader something is happening.
    document.addEventListener("submit", function (event) {
        var form = event.target;
        if (form.dataset.submitted === "true") {
            event.preventDefault();
            return;
        }
        form.dataset.submitted = "true";
        var button = event.submitter;
        if (button && button.dataset.busyLabel) {
            button.setAttribute("aria-busy", "true");
            button.textContent = button.dataset.busyLabel;
        }
    });

    // Coming back with the browser's back button shows the form as it was: usable again.
    window.addEventListener("pageshow", function () {
        document.querySelectorAll("form[data-submitted]").forEach(function (form) {
            delete form.dataset.submitted;
        });
    });

    // Take keyboard and screen reader users straight to a form's problems.
    var summary = document.getElementById("error-summary");
    if (summary) summary.focus();

    // Import progress: ask the server how far it has got, and open the report when done.
    var progress = document.querySelector("[data-poll]");
    if (progress) {
        var status = document.getElementById("import-status");
        var bar = document.getElementById("import-bar");
        var poll = function () {
            fetch(progress.dataset.poll, { headers: { Accept: "application/json" }, credentials: "same-origin" })
                .then(function (response) { return response.json(); })
                .then(function (state) {
                    if (state.status === "done" && state.report) {
                        window.location.assign(state.report);
                        return;
                    }
                    if (state.status !== "running") {
                        window.location.reload();
                        return;
                    }
                    if (state.total) {
                        bar.max = Number(state.total);
                        bar.value = Number(state.done);
                        status.textContent = "Saved " + state.done + " of " + state.total + " books…";
                    }
                    window.setTimeout(poll, 1000);
                })
                .catch(function () { window.setTimeout(poll, 3000); });
        };
        window.setTimeout(poll, 1000);
    }

    // Insights: the custom range's dates only matter (and only show) when "Custom range" is chosen.
    var period = document.getElementById("field-period");
    var range = document.querySelector(".custom-range");
    if (period && range) {
        var sync = function () { range.hidden = period.value !== "custom"; };
        period.addEventListener("change", sync);
        sync();
    }
})();
